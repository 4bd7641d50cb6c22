// json.h — the small JSON reader and writer behind world fixtures (fixtures.cc): a document
// tree with bounded depth for reading, and an append-only writer. No other part of the simulator
// speaks JSON; this is not a general-purpose library.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace psim::json {

struct Value {
    enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
    bool boolean = false;
    double number = 0;
    std::string string;
    std::vector<Value> items;               // Array
    std::map<std::string, Value> members;   // Object (a repeated key keeps the last value)

    const Value *get(const std::string &key) const;
    bool isNull() const { return kind == Kind::Null; }
};

inline constexpr int kMaxDepth = 64;

// Parses a complete document (nothing but whitespace after it). nullopt and *err on malformed
// input, nesting deeper than kMaxDepth or invalid UTF-8 in strings.
std::optional<Value> parse(std::string_view text, std::string *err);

// Appends JSON text. The caller writes separators with comma(); strings are escaped.
class Writer {
public:
    Writer &beginObject();
    Writer &endObject();
    Writer &beginArray();
    Writer &endArray();
    Writer &key(std::string_view k);
    Writer &str(std::string_view s);
    Writer &id(uint64_t v);  // snowflake ids are strings (they exceed 2^53)
    Writer &num(double v);
    Writer &integer(int64_t v);
    Writer &boolean(bool v);
    Writer &null();
    Writer &optStr(const std::optional<std::string> &s);
    Writer &stringMap(const std::map<std::string, std::string> &m);
    std::string take() { return std::move(out_); }

private:
    void sep();
    std::string out_;
    std::vector<bool> first_;  // per open container: nothing written in it yet
    bool afterKey_ = false;
};

}  // namespace psim::json
