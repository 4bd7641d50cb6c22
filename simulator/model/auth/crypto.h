// crypto.h — the little cryptography the OAuth model needs, with no external dependency:
// SHA-256 (FIPS 180-4), base64url without padding (RFC 4648 section 5) and bytes from the
// operating system's secure random source.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace psim::crypto {

std::array<uint8_t, 32> sha256(std::string_view data);
std::string sha256Hex(std::string_view data);
std::string base64url(const uint8_t *data, size_t size);
inline std::string base64url(const std::array<uint8_t, 32> &d) { return base64url(d.data(), d.size()); }

// n bytes from the OS CSPRNG (getrandom / arc4random_buf / BCryptGenRandom). Throws
// std::runtime_error when the OS source fails (never silently falls back to a weak generator).
std::vector<uint8_t> randomBytes(size_t n);
// base64url of n random bytes.
std::string randomToken(size_t nBytes);

// PKCE S256: base64url-no-pad(SHA-256(verifier)) (RFC 7636 section 4.2).
inline std::string s256(std::string_view verifier) { return base64url(sha256(verifier)); }

}  // namespace psim::crypto
