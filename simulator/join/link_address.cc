// link_address.cc — PLATFORM_SIM_HOST's form "psim://<64 hex token>@<IP literal>:<port>" and the
// IP literals in it, parsed and printed here (no resolver, no OS text API: the same on every OS).
// A reason for refusing a value never quotes it: the value carries the token.
#include <cstring>

#include "link.h"
#include "link_socket.h"

namespace psim::join {

namespace net {

namespace {

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// A decimal 0..255 without leading zeros, at most 3 digits.
bool parseOctet(std::string_view s, uint8_t *out) {
    if (s.empty() || s.size() > 3 || (s.size() > 1 && s[0] == '0')) return false;
    unsigned v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + unsigned(c - '0');
    }
    if (v > 255) return false;
    *out = uint8_t(v);
    return true;
}

bool parseIpv4(std::string_view s, uint8_t out[4]) {
    for (int i = 0; i < 4; ++i) {
        const size_t dot = i < 3 ? s.find('.') : s.size();
        if (dot == std::string_view::npos) return false;
        if (!parseOctet(s.substr(0, dot), &out[i])) return false;
        s = i < 3 ? s.substr(dot + 1) : std::string_view();
    }
    return true;
}

// RFC 4291 section 2.2: eight groups of 1-4 hex digits, one "::" for a run of zero groups, an
// IPv4 dotted quad in place of the last two groups.
bool parseIpv6(std::string_view s, uint8_t out[16]) {
    uint16_t groups[8] = {};
    int count = 0, gap = -1;
    if (s.size() < 2 || s.size() > 45) return false;
    size_t i = 0;
    if (s.substr(0, 2) == "::") {
        gap = 0;
        i = 2;
        if (i == s.size()) {  // "::"
            std::memset(out, 0, 16);
            return true;
        }
    } else if (s[0] == ':') {
        return false;
    }
    while (i < s.size()) {
        size_t end = s.find(':', i);
        if (end == std::string_view::npos) end = s.size();
        const std::string_view part = s.substr(i, end - i);
        if (part.find('.') != std::string_view::npos) {  // trailing IPv4
            uint8_t v4[4];
            if (end != s.size() || count > 6 || !parseIpv4(part, v4)) return false;
            groups[count++] = uint16_t(v4[0] << 8 | v4[1]);
            groups[count++] = uint16_t(v4[2] << 8 | v4[3]);
            i = end;
            break;
        }
        if (part.empty() || part.size() > 4 || count == 8) return false;
        unsigned v = 0;
        for (char c : part) {
            const int d = hexDigit(c);
            if (d < 0) return false;
            v = v << 4 | unsigned(d);
        }
        groups[count++] = uint16_t(v);
        if (end == s.size()) {
            i = end;
            break;
        }
        // After the ':' : another group, or a second ':' making the gap.
        if (end + 1 < s.size() && s[end + 1] == ':') {
            if (gap >= 0) return false;
            gap = count;
            i = end + 2;
            if (i == s.size()) break;  // "a::"
        } else {
            i = end + 1;
            if (i == s.size()) return false;  // "a:"
        }
    }
    if (gap < 0 && count != 8) return false;
    if (gap >= 0 && count > 7) return false;
    uint16_t full[8] = {};
    if (gap < 0) {
        std::memcpy(full, groups, sizeof full);
    } else {
        const int tail = count - gap;
        for (int k = 0; k < gap; ++k) full[k] = groups[k];
        for (int k = 0; k < tail; ++k) full[8 - tail + k] = groups[gap + k];
    }
    for (int k = 0; k < 8; ++k) {
        out[2 * k] = uint8_t(full[k] >> 8);
        out[2 * k + 1] = uint8_t(full[k] & 0xff);
    }
    return true;
}

}  // namespace

bool parseIpLiteral(std::string_view text, IpEndpoint *out) {
    IpEndpoint e;
    if (text.find(':') != std::string_view::npos) {
        e.v6 = true;
        if (!parseIpv6(text, e.bytes.data())) return false;
    } else if (!parseIpv4(text, e.bytes.data())) {
        return false;
    }
    e.port = out->port;
    *out = e;
    return true;
}

std::string formatIp(const IpEndpoint &e) {
    static const char *hex = "0123456789abcdef";
    std::string s;
    if (!e.v6) {
        for (int i = 0; i < 4; ++i) {
            if (i) s += '.';
            s += std::to_string(e.bytes[size_t(i)]);
        }
        return s;
    }
    uint16_t g[8];
    for (int k = 0; k < 8; ++k) g[k] = uint16_t(e.bytes[size_t(2 * k)] << 8 | e.bytes[size_t(2 * k + 1)]);
    // RFC 5952 section 4.2: the longest run (the first of equals) of two or more zero groups is "::".
    int best = -1, bestLen = 0;
    for (int k = 0; k < 8;) {
        if (g[k] != 0) {
            ++k;
            continue;
        }
        int j = k;
        while (j < 8 && g[j] == 0) ++j;
        if (j - k > bestLen && j - k >= 2) {
            best = k;
            bestLen = j - k;
        }
        k = j;
    }
    for (int k = 0; k < 8; ++k) {
        if (k == best) {
            s += "::";
            k += bestLen - 1;
            continue;
        }
        if (!s.empty() && s.back() != ':') s += ':';
        bool started = false;
        for (int shift = 12; shift >= 0; shift -= 4) {
            const int d = (g[k] >> shift) & 0xf;
            if (d || started || shift == 0) {
                s += hex[d];
                started = true;
            }
        }
    }
    return s;
}

std::string formatEndpoint(const IpEndpoint &e) {
    const std::string ip = formatIp(e);
    return (e.v6 ? "[" + ip + "]" : ip) + ":" + std::to_string(e.port);
}

}  // namespace net

namespace {

constexpr std::string_view kScheme = "psim://";
constexpr const char *kForm = "; PLATFORM_SIM_HOST must look like psim://<64 hex digits>@127.0.0.1:<port> "
                              "(or @[::1]:<port>), as the host printed it";

bool refuse(std::string *why, const char *what) {
    if (why) *why = std::string(what) + kForm;
    return false;
}

}  // namespace

bool parseHostAddress(std::string_view value, HostAddress *out, std::string *why) {
    if (value.size() > 200) return refuse(why, "the address is too long");
    if (value.substr(0, kScheme.size()) != kScheme) return refuse(why, "the address does not start with psim://");
    std::string_view rest = value.substr(kScheme.size());
    const size_t at = rest.find('@');
    if (at == std::string_view::npos) return refuse(why, "the address has no '@' after its token");
    const std::string_view hexToken = rest.substr(0, at);
    if (hexToken.size() != 2 * kTokenBytes) return refuse(why, "the token is not 64 hex digits");
    std::string token(kTokenBytes, '\0');
    for (size_t i = 0; i < kTokenBytes; ++i) {
        const int hi = net::hexDigit(hexToken[2 * i]), lo = net::hexDigit(hexToken[2 * i + 1]);
        if (hi < 0 || lo < 0) return refuse(why, "the token is not 64 hex digits");
        token[i] = char(hi << 4 | lo);
    }
    std::string_view hostPort = rest.substr(at + 1);
    std::string_view host;
    if (!hostPort.empty() && hostPort[0] == '[') {
        const size_t close = hostPort.find(']');
        if (close == std::string_view::npos) return refuse(why, "the IPv6 address has no ']'");
        host = hostPort.substr(1, close - 1);
        hostPort = hostPort.substr(close + 1);
        if (host.find(':') == std::string_view::npos) return refuse(why, "only an IPv6 address goes in brackets");
    } else {
        const size_t colon = hostPort.rfind(':');
        if (colon == std::string_view::npos) return refuse(why, "the address has no port");
        host = hostPort.substr(0, colon);
        hostPort = hostPort.substr(colon);
        if (host.find(':') != std::string_view::npos) return refuse(why, "an IPv6 address goes in brackets");
    }
    if (hostPort.empty() || hostPort[0] != ':') return refuse(why, "the address has no port");
    const std::string_view portText = hostPort.substr(1);
    if (portText.empty() || portText.size() > 5 || (portText.size() > 1 && portText[0] == '0'))
        return refuse(why, "the port is not a number from 1 to 65535");
    unsigned port = 0;
    for (char c : portText) {
        if (c < '0' || c > '9') return refuse(why, "the port is not a number from 1 to 65535");
        port = port * 10 + unsigned(c - '0');
    }
    if (port == 0 || port > 65535) return refuse(why, "the port is not a number from 1 to 65535");
    net::IpEndpoint ip;
    if (host == "localhost") {
        ip.bytes = {127, 0, 0, 1};
    } else if (!net::parseIpLiteral(host, &ip)) {
        // A name would need a resolver (and could point off this machine): only literals.
        return refuse(why, "the host is not an IP address (only \"localhost\" is accepted as a name)");
    }
    HostAddress a;
    a.host = net::formatIp(ip);
    a.port = uint16_t(port);
    a.token = std::move(token);
    *out = std::move(a);
    if (why) why->clear();
    return true;
}

std::string formatHostAddress(const HostAddress &a) {
    static const char *hex = "0123456789abcdef";
    std::string s(kScheme);
    for (unsigned char c : a.token) {
        s += hex[c >> 4];
        s += hex[c & 0xf];
    }
    const bool v6 = a.host.find(':') != std::string::npos;
    s += '@';
    s += v6 ? "[" + a.host + "]" : a.host;
    s += ':';
    s += std::to_string(a.port);
    return s;
}

}  // namespace psim::join
