// log_filter.h — the SDK's bearer-token filter (interface document, Authentication item 11:
// "The SDK filters the bearer token from all log levels").
//
// Every token the simulator issues or is given is registered as a secret. A line is filtered by
// replacing with "[filtered]": (1) the word after every "Bearer ", (2) every word (maximal run of
// [A-Za-z0-9._~-]) that is a registered secret, and (3) every registered secret that contains
// other characters and is at least 8 bytes long, wherever it occurs. Word matching keeps the
// cost per line independent of how many tokens were registered.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace psim::log {

inline constexpr const char *kFiltered = "[filtered]";

class SecretSet {
public:
    void add(std::string_view secret);
    // Forgets a secret the platform no longer knows (an expired grant's tokens, an expired code).
    void remove(std::string_view secret);
    std::string apply(std::string_view line) const;
    size_t size() const { return words_.size() + others_.size(); }

private:
    std::unordered_set<std::string> words_;  // secrets made only of word characters
    std::vector<std::string> others_;        // the rest (>= 8 bytes), longest first
};

}  // namespace psim::log
