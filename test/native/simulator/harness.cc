// Helpers shared by the areas: PKCE verifier/challenge creation (the verifier is 43 chars and the
// challenge method is S256), an Authorize wrapper that builds AuthorizationArgs with the default
// communication scopes and an optional code challenge / custom scheme, and a GetToken wrapper.
// Every Platform_String and AuthorizationArgs/Challenge/Verifier made here is dropped here.
#include "harness.h"

std::pair<std::string, std::string> makeVerifier(Platform_Client *c) {
    Platform_AuthorizationCodeVerifier v{};
    Platform_Client_CreateAuthorizationCodeVerifier(c, &v);
    Platform_String s;
    Platform_AuthorizationCodeVerifier_Verifier(&v, &s);
    std::string verifier = S(s);
    Platform_AuthorizationCodeChallenge ch{};
    Platform_AuthorizationCodeVerifier_Challenge(&v, &ch);
    Platform_AuthorizationCodeChallenge_Challenge(&ch, &s);
    std::string challenge = S(s);
    CHECK_EQ((int)Platform_AuthorizationCodeChallenge_Method(&ch), (int)Platform_AuthenticationCodeChallengeMethod_S256);
    Platform_AuthorizationCodeChallenge_Drop(&ch);
    Platform_AuthorizationCodeVerifier_Drop(&v);
    return {verifier, challenge};
}

// Authorize with PKCE (challenge may be empty) and return the result after delivering.
AuthRes &authorize(Platform_Client *c, const std::string &challenge, uint64_t step_ms, const char *scheme) {
    Platform_AuthorizationArgs args{};
    Platform_AuthorizationArgs_Init(&args);
    Platform_String scopes; Platform_Client_GetDefaultCommunicationScopes(&scopes);
    std::string sc = S(scopes);
    Platform_AuthorizationArgs_SetScopes(&args, P(sc));
    if (!challenge.empty()) {
        Platform_AuthorizationCodeChallenge ch{};
        Platform_AuthorizationCodeChallenge_Init(&ch);
        Platform_AuthorizationCodeChallenge_SetChallenge(&ch, P(challenge));
        Platform_AuthorizationArgs_SetCodeChallenge(&args, &ch);
        Platform_AuthorizationCodeChallenge_Drop(&ch);
    }
    std::string sch = scheme ? scheme : "";
    Platform_String schemeStr = P(sch);
    if (scheme) Platform_AuthorizationArgs_SetCustomSchemeParam(&args, &schemeStr);
    static AuthRes res;
    res = AuthRes{};
    Platform_Client_Authorize(c, &args, authCb, countFree, &res);
    Platform_AuthorizationArgs_Drop(&args);
    if (step_ms) step(step_ms);
    return res;
}

TokenRes getToken(Platform_Client *c, uint64_t app, const std::string &code, const std::string &verifier, const std::string &redirect) {
    TokenRes t;
    Platform_Client_GetToken(c, app, P(code), P(verifier), P(redirect), tokenCb, countFree, &t);
    step(20);
    return t;
}

std::string connectWithIssuedToken(Platform_Client *c, uint64_t user) {
    Platform_String at, rt;
    CHECK(PlatformSim_IssueToken(user, g_app, P(std::string("")), &at, &rt, nullptr));
    std::string access = S(at);
    S(rt);
    Platform_Client_UpdateToken(c, Platform_AuthorizationTokenType_Bearer, P(access), nullptr, nullptr, nullptr);
    Platform_Client_Connect(c);
    for (int i = 0; i < 4; ++i) step(20);
    return access;
}
