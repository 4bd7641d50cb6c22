#include "json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "sim_strings.h"

namespace psim::json {

const Value *Value::get(const std::string &key) const {
    if (kind != Kind::Object) return nullptr;
    auto it = members.find(key);
    return it == members.end() ? nullptr : &it->second;
}

namespace {

class Parser {
public:
    explicit Parser(std::string_view t) : t_(t) {}

    std::optional<Value> document(std::string *err) {
        Value v;
        if (!value(v, 0)) {
            *err = error_ + " at offset " + std::to_string(pos_);
            return std::nullopt;
        }
        ws();
        if (pos_ != t_.size()) {
            *err = "unexpected text after the document at offset " + std::to_string(pos_);
            return std::nullopt;
        }
        return v;
    }

private:
    bool fail(const char *why) {
        if (error_.empty()) error_ = why;
        return false;
    }
    void ws() {
        while (pos_ < t_.size() && (t_[pos_] == ' ' || t_[pos_] == '\n' || t_[pos_] == '\r' || t_[pos_] == '\t')) ++pos_;
    }
    bool literal(std::string_view word) {
        if (t_.substr(pos_, word.size()) != word) return fail("invalid literal");
        pos_ += word.size();
        return true;
    }

    bool value(Value &v, int depth) {
        if (depth > kMaxDepth) return fail("nesting too deep");
        ws();
        if (pos_ >= t_.size()) return fail("unexpected end of input");
        const char c = t_[pos_];
        if (c == '{') return object(v, depth);
        if (c == '[') return array(v, depth);
        if (c == '"') {
            v.kind = Value::Kind::String;
            return string(v.string);
        }
        if (c == 't') { v.kind = Value::Kind::Bool; v.boolean = true; return literal("true"); }
        if (c == 'f') { v.kind = Value::Kind::Bool; v.boolean = false; return literal("false"); }
        if (c == 'n') { v.kind = Value::Kind::Null; return literal("null"); }
        return number(v);
    }

    bool object(Value &v, int depth) {
        v.kind = Value::Kind::Object;
        ++pos_;
        ws();
        if (pos_ < t_.size() && t_[pos_] == '}') { ++pos_; return true; }
        for (;;) {
            ws();
            if (pos_ >= t_.size() || t_[pos_] != '"') return fail("expected a key");
            std::string k;
            if (!string(k)) return false;
            ws();
            if (pos_ >= t_.size() || t_[pos_] != ':') return fail("expected ':'");
            ++pos_;
            Value item;
            if (!value(item, depth + 1)) return false;
            v.members[std::move(k)] = std::move(item);
            ws();
            if (pos_ < t_.size() && t_[pos_] == ',') { ++pos_; continue; }
            if (pos_ < t_.size() && t_[pos_] == '}') { ++pos_; return true; }
            return fail("expected ',' or '}'");
        }
    }

    bool array(Value &v, int depth) {
        v.kind = Value::Kind::Array;
        ++pos_;
        ws();
        if (pos_ < t_.size() && t_[pos_] == ']') { ++pos_; return true; }
        for (;;) {
            Value item;
            if (!value(item, depth + 1)) return false;
            v.items.push_back(std::move(item));
            ws();
            if (pos_ < t_.size() && t_[pos_] == ',') { ++pos_; continue; }
            if (pos_ < t_.size() && t_[pos_] == ']') { ++pos_; return true; }
            return fail("expected ',' or ']'");
        }
    }

    static void appendUtf8(std::string &out, uint32_t cp) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    bool hex4(uint32_t &out) {
        if (pos_ + 4 > t_.size()) return fail("truncated \\u escape");
        out = 0;
        for (int i = 0; i < 4; ++i) {
            const char h = t_[pos_++];
            out <<= 4;
            if (h >= '0' && h <= '9') out |= static_cast<uint32_t>(h - '0');
            else if (h >= 'a' && h <= 'f') out |= static_cast<uint32_t>(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F') out |= static_cast<uint32_t>(h - 'A' + 10);
            else return fail("bad \\u escape");
        }
        return true;
    }

    bool string(std::string &out) {
        ++pos_;  // opening quote
        for (;;) {
            if (pos_ >= t_.size()) return fail("unterminated string");
            const char c = t_[pos_++];
            if (c == '"') break;
            if (static_cast<unsigned char>(c) < 0x20) return fail("control character in string");
            if (c != '\\') { out += c; continue; }
            if (pos_ >= t_.size()) return fail("unterminated string");
            const char e = t_[pos_++];
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    uint32_t cp = 0;
                    if (!hex4(cp)) return false;
                    if (cp >= 0xD800 && cp <= 0xDBFF) {
                        uint32_t lo = 0;
                        if (t_.substr(pos_, 2) != "\\u") return fail("unpaired surrogate");
                        pos_ += 2;
                        if (!hex4(lo)) return false;
                        if (lo < 0xDC00 || lo > 0xDFFF) return fail("unpaired surrogate");
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                        return fail("unpaired surrogate");
                    }
                    appendUtf8(out, cp);
                    break;
                }
                default: return fail("bad escape");
            }
        }
        if (!utf8Length(out)) return fail("invalid UTF-8 in string");
        return true;
    }

    bool number(Value &v) {
        const size_t start = pos_;
        if (pos_ < t_.size() && t_[pos_] == '-') ++pos_;
        auto digits = [&] {
            const size_t s = pos_;
            while (pos_ < t_.size() && t_[pos_] >= '0' && t_[pos_] <= '9') ++pos_;
            return pos_ > s;
        };
        if (!digits()) return fail("invalid value");
        if (pos_ < t_.size() && t_[pos_] == '.') { ++pos_; if (!digits()) return fail("invalid number"); }
        if (pos_ < t_.size() && (t_[pos_] == 'e' || t_[pos_] == 'E')) {
            ++pos_;
            if (pos_ < t_.size() && (t_[pos_] == '+' || t_[pos_] == '-')) ++pos_;
            if (!digits()) return fail("invalid number");
        }
        const std::string text(t_.substr(start, pos_ - start));
        v.kind = Value::Kind::Number;
        v.number = std::strtod(text.c_str(), nullptr);
        if (!std::isfinite(v.number)) return fail("number out of range");
        return true;
    }

    std::string_view t_;
    size_t pos_ = 0;
    std::string error_;
};

}  // namespace

std::optional<Value> parse(std::string_view text, std::string *err) { return Parser(text).document(err); }

void Writer::sep() {
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (!first_.empty()) {
        if (!first_.back()) out_ += ',';
        first_.back() = false;
    }
}
Writer &Writer::beginObject() { sep(); out_ += '{'; first_.push_back(true); return *this; }
Writer &Writer::endObject() { out_ += '}'; first_.pop_back(); return *this; }
Writer &Writer::beginArray() { sep(); out_ += '['; first_.push_back(true); return *this; }
Writer &Writer::endArray() { out_ += ']'; first_.pop_back(); return *this; }
Writer &Writer::key(std::string_view k) {
    str(k);
    out_ += ':';
    afterKey_ = true;
    return *this;
}
Writer &Writer::str(std::string_view s) {
    sep();
    out_ += '"';
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"') out_ += "\\\"";
        else if (c == '\\') out_ += "\\\\";
        else if (c == '\n') out_ += "\\n";
        else if (c == '\r') out_ += "\\r";
        else if (c == '\t') out_ += "\\t";
        else if (u < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", u);
            out_ += buf;
        } else {
            out_ += c;
        }
    }
    out_ += '"';
    return *this;
}
Writer &Writer::id(uint64_t v) { return str(std::to_string(v)); }
Writer &Writer::num(double v) {
    sep();
    if (!std::isfinite(v)) { out_ += "null"; return *this; }
    if (std::floor(v) == v && std::fabs(v) < 9.2e18) {
        out_ += std::to_string(static_cast<int64_t>(v));  // times and sizes: exact, no exponent
        return *this;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    out_ += buf;
    return *this;
}
Writer &Writer::integer(int64_t v) { sep(); out_ += std::to_string(v); return *this; }
Writer &Writer::boolean(bool v) { sep(); out_ += v ? "true" : "false"; return *this; }
Writer &Writer::null() { sep(); out_ += "null"; return *this; }
Writer &Writer::optStr(const std::optional<std::string> &s) { return s ? str(*s) : null(); }
Writer &Writer::stringMap(const std::map<std::string, std::string> &m) {
    beginObject();
    for (const auto &[k, v] : m) key(k).str(v);
    return endObject();
}

}  // namespace psim::json
