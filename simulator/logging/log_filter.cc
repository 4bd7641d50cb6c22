// log_filter.cc — see log_filter.h.
#include "log_filter.h"

#include <algorithm>

namespace psim::log {
namespace {

constexpr size_t kMinSecretLength = 8;

bool isWordChar(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '~' || c == '-';
}

bool startsWithBearer(std::string_view s, size_t i) {
    static constexpr std::string_view kWord = "bearer ";
    if (s.size() - i < kWord.size()) return false;
    for (size_t k = 0; k < kWord.size(); ++k) {
        char c = s[i + k];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != kWord[k]) return false;
    }
    return i == 0 || !isWordChar(s[i - 1]);
}

bool isSeparator(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == ','; }

}  // namespace

void SecretSet::add(std::string_view secret) {
    // Tokens, codes and verifiers are long; a short value (a test's junk code 'code') would
    // filter that word from every line of the process for the rest of its life.
    if (secret.size() < kMinSecretLength) return;
    if (std::all_of(secret.begin(), secret.end(), isWordChar)) {
        words_.emplace(secret);
        return;
    }
    std::string s(secret);
    if (std::find(others_.begin(), others_.end(), s) != others_.end()) return;
    auto pos = std::lower_bound(others_.begin(), others_.end(), s,
                                [](const std::string &a, const std::string &b) { return a.size() > b.size(); });
    others_.insert(pos, std::move(s));
}

void SecretSet::remove(std::string_view secret) {
    if (words_.erase(std::string(secret)) != 0) return;
    std::erase(others_, std::string(secret));
}

std::string SecretSet::apply(std::string_view line) const {
    // 1. "Bearer <anything up to a separator>".
    std::string a;
    a.reserve(line.size());
    for (size_t i = 0; i < line.size();) {
        if (startsWithBearer(line, i)) {
            a.append(line.substr(i, 7));
            i += 7;
            size_t j = i;
            while (j < line.size() && !isSeparator(line[j])) ++j;
            if (j > i) a += kFiltered;
            i = j;
        } else {
            a.push_back(line[i++]);
        }
    }
    // 2. Secrets with non-word characters, anywhere.
    for (const auto &s : others_) {
        size_t pos = 0;
        while ((pos = a.find(s, pos)) != std::string::npos) {
            a.replace(pos, s.size(), kFiltered);
            pos += std::char_traits<char>::length(kFiltered);
        }
    }
    if (words_.empty()) return a;
    // 3. Word secrets as whole words.
    std::string b;
    b.reserve(a.size());
    std::string word;
    for (size_t i = 0; i < a.size();) {
        if (!isWordChar(a[i])) {
            b.push_back(a[i++]);
            continue;
        }
        size_t j = i;
        while (j < a.size() && isWordChar(a[j])) ++j;
        word.assign(a, i, j - i);
        b += words_.count(word) != 0 ? std::string(kFiltered) : word;
        i = j;
    }
    return b;
}

}  // namespace psim::log
