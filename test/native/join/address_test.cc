// PLATFORM_SIM_HOST's form: format and parse round trip; every other form refused with a reason
// that never quotes the token; IP literals parsed strictly and printed as RFC 5952 says.
#include <cctype>

#include "link_harness.h"

namespace linktest {

namespace {

std::string hexOf(const std::string &raw) {
    static const char *d = "0123456789abcdef";
    std::string s;
    for (unsigned char c : raw) {
        s += d[c >> 4];
        s += d[c & 15];
    }
    return s;
}

std::string token() {
    std::string t(kTokenBytes, '\0');
    for (size_t i = 0; i < t.size(); ++i) t[i] = char(0xA0 + i * 3);  // every byte's high nibble is a letter
    return t;
}

void refused(const std::string &value, const char *expectIn) {
    HostAddress a;
    a.port = 7;
    std::string why;
    const bool ok = parseHostAddress(value, &a, &why);
    CHECK(!ok);
    CHECK_EQ(a.port, uint16_t(7));  // untouched
    CHECK(why.find(expectIn) != std::string::npos);
    CHECK(why.find("psim://<64 hex digits>") != std::string::npos);  // says what to do
    CHECK(why.find(hexOf(token()).substr(0, 16)) == std::string::npos);  // never the token
    if (!(why.find(expectIn) != std::string::npos)) std::printf("  value %zu chars: %s\n", value.size(), why.c_str());
}

std::string ipRoundTrip(const std::string &text) {
    net::IpEndpoint e;
    if (!net::parseIpLiteral(text, &e)) return "<refused>";
    return net::formatIp(e);
}

}  // namespace

void testAddresses() {
    const std::string hex = hexOf(token());
    // Round trip, IPv4 and IPv6.
    HostAddress a{"127.0.0.1", 4310, token()};
    const std::string text = formatHostAddress(a);
    CHECK_EQ(text, "psim://" + hex + "@127.0.0.1:4310");
    HostAddress b;
    std::string why = "stale";
    CHECK(parseHostAddress(text, &b, &why));
    CHECK(why.empty());
    CHECK_EQ(b.host, std::string("127.0.0.1"));
    CHECK_EQ(b.port, uint16_t(4310));
    CHECK(b.token == token());
    HostAddress v6{"::1", 65535, token()};
    CHECK_EQ(formatHostAddress(v6), "psim://" + hex + "@[::1]:65535");
    CHECK(parseHostAddress(formatHostAddress(v6), &b, &why));
    CHECK_EQ(b.host, std::string("::1"));
    CHECK_EQ(b.port, uint16_t(65535));
    // Upper-case hex and "localhost" are read (and printed back in the canonical form).
    std::string upper = hex;
    for (char &c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
    CHECK(parseHostAddress("psim://" + upper + "@localhost:1", &b, &why));
    CHECK_EQ(b.host, std::string("127.0.0.1"));
    CHECK(b.token == token());
    CHECK(parseHostAddress("psim://" + hex + "@[0:0:0:0:0:0:0:1]:80", &b, &why));
    CHECK_EQ(b.host, std::string("::1"));

    // Refusals, each with its reason.
    refused("", "psim://");
    refused("http://" + hex + "@127.0.0.1:4310", "does not start with psim://");
    refused("psim://" + hex + "127.0.0.1:4310", "no '@'");
    refused("psim://" + hex.substr(2) + "@127.0.0.1:4310", "not 64 hex digits");
    refused("psim://" + hex + "00@127.0.0.1:4310", "not 64 hex digits");
    refused("psim://" + hex.substr(0, 63) + "g@127.0.0.1:4310", "not 64 hex digits");
    refused("psim://" + hex + "@example.com:4310", "not an IP address");
    refused("psim://" + hex + "@127.0.0.01:4310", "not an IP address");
    refused("psim://" + hex + "@127.0.0:4310", "not an IP address");
    refused("psim://" + hex + "@256.0.0.1:4310", "not an IP address");
    refused("psim://" + hex + "@[127.0.0.1]:4310", "only an IPv6 address goes in brackets");
    refused("psim://" + hex + "@[::1:4310", "no ']'");
    refused("psim://" + hex + "@::1:4310", "an IPv6 address goes in brackets");
    refused("psim://" + hex + "@[fe80::1%eth0]:4310", "not an IP address");
    refused("psim://" + hex + "@127.0.0.1", "no port");
    refused("psim://" + hex + "@[::1]", "no port");
    refused("psim://" + hex + "@127.0.0.1:0", "port");
    refused("psim://" + hex + "@127.0.0.1:65536", "port");
    refused("psim://" + hex + "@127.0.0.1:04310", "port");
    refused("psim://" + hex + "@127.0.0.1:43a", "port");
    refused("psim://" + hex + "@127.0.0.1:4310 ", "port");
    refused("psim://" + hex + "@127.0.0.1:4310/", "port");
    refused("psim://" + hex + "@127.0.0.1:" + std::string(300, '1'), "too long");
    // *why is optional.
    CHECK(!parseHostAddress("nope", &b, nullptr));

    // IP literals: strict forms, RFC 5952 output.
    CHECK_EQ(ipRoundTrip("127.0.0.1"), std::string("127.0.0.1"));
    CHECK_EQ(ipRoundTrip("0.0.0.0"), std::string("0.0.0.0"));
    CHECK_EQ(ipRoundTrip("255.255.255.255"), std::string("255.255.255.255"));
    CHECK_EQ(ipRoundTrip("::"), std::string("::"));
    CHECK_EQ(ipRoundTrip("::1"), std::string("::1"));
    CHECK_EQ(ipRoundTrip("1::"), std::string("1::"));
    CHECK_EQ(ipRoundTrip("2001:DB8:0:0:1:0:0:1"), std::string("2001:db8::1:0:0:1"));
    CHECK_EQ(ipRoundTrip("2001:db8:0:1:1:1:1:1"), std::string("2001:db8:0:1:1:1:1:1"));
    CHECK_EQ(ipRoundTrip("0:0:0:0:0:0:0:0"), std::string("::"));
    CHECK_EQ(ipRoundTrip("::ffff:127.0.0.1"), std::string("::ffff:7f00:1"));
    CHECK_EQ(ipRoundTrip("1:2:3:4:5:6:7:8"), std::string("1:2:3:4:5:6:7:8"));
    for (const char *bad : {"", "1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.-4", " 1.2.3.4", "1:2", ":::", "1:::2", "1::2::3",
                            ":1::2", "1::2:", "12345::", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7::8:9", "::g", "1.2.3.4::",
                            "::1.2.3", "1::2:3:4:5:6:7:8", "localhost"})
        CHECK_EQ(ipRoundTrip(bad), std::string("<refused>"));
}

}  // namespace linktest
