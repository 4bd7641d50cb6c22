// api_values.cc — the caller-creatable value classes of the auth API: AuthorizationArgs (5.4),
// AuthorizationCodeVerifier (5.5), AuthorizationCodeChallenge (5.6), ClientCreateOptions (5.8)
// and DeviceAuthorizationArgs (5.32). Plain data; no simulator state is involved.
#include "guard.h"
#include "sim_strings.h"
#include "value_objects.h"
#include "values.h"

using namespace psim;

using Args = AuthorizationArgsData;
using Verifier = CodeVerifierData;
using Challenge = CodeChallengeData;
using Options = ClientCreateOptionsData;
using DeviceArgs = DeviceAuthorizationArgsData;

namespace {
// Optional string out: true + fresh copy when present.
bool optOut(const std::optional<std::string> &v, Platform_String *out) {
    if (!v) return false;
    writeOut(out, *v);
    return true;
}
std::optional<Challenge> challengeOf(const Platform_AuthorizationCodeChallenge *value) {
    if (value == nullptr) return std::nullopt;
    return Registry<Challenge>::get().copy(value->opaque);
}
}  // namespace

#define PSIM_VOID(body) guardVoid(__func__, [&] { body; })

extern "C" {

/* ---- AuthorizationArgs ---- */
void PLATFORM_API Platform_AuthorizationArgs_Init(Platform_AuthorizationArgs *self) { PSIM_VOID(objInit<Args>(self)); }
void PLATFORM_API Platform_AuthorizationArgs_Drop(Platform_AuthorizationArgs *self) { PSIM_VOID(objDrop<Args>(self)); }
void PLATFORM_API Platform_AuthorizationArgs_Clone(Platform_AuthorizationArgs *self, Platform_AuthorizationArgs const *src) {
    PSIM_VOID(objClone<Args>(self, src));
}
void PLATFORM_API Platform_AuthorizationArgs_SetClientId(Platform_AuthorizationArgs *self, uint64_t value) {
    PSIM_VOID(objSet<Args>(self, [&](Args &a) { a.clientId = value; }));
}
uint64_t PLATFORM_API Platform_AuthorizationArgs_ClientId(Platform_AuthorizationArgs *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<Args>(self).clientId; });
}
void PLATFORM_API Platform_AuthorizationArgs_SetScopes(Platform_AuthorizationArgs *self, Platform_String value) {
    PSIM_VOID(objSet<Args>(self, [v = toStd(value)](Args &a) { a.scopes = v; }));
}
void PLATFORM_API Platform_AuthorizationArgs_Scopes(Platform_AuthorizationArgs *self, Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<Args>(self).scopes));
}
void PLATFORM_API Platform_AuthorizationArgs_SetState(Platform_AuthorizationArgs *self, Platform_String *value) {
    PSIM_VOID(objSet<Args>(self, [v = toOpt(value)](Args &a) { a.state = v; }));
}
bool PLATFORM_API Platform_AuthorizationArgs_State(Platform_AuthorizationArgs *self, Platform_String *out) {
    return guard(__func__, false, [&] { return optOut(objGet<Args>(self).state, out); });
}
void PLATFORM_API Platform_AuthorizationArgs_SetNonce(Platform_AuthorizationArgs *self, Platform_String *value) {
    PSIM_VOID(objSet<Args>(self, [v = toOpt(value)](Args &a) { a.nonce = v; }));
}
bool PLATFORM_API Platform_AuthorizationArgs_Nonce(Platform_AuthorizationArgs *self, Platform_String *out) {
    return guard(__func__, false, [&] { return optOut(objGet<Args>(self).nonce, out); });
}
void PLATFORM_API Platform_AuthorizationArgs_SetCodeChallenge(Platform_AuthorizationArgs *self,
                                                             Platform_AuthorizationCodeChallenge *value) {
    PSIM_VOID(objSet<Args>(self, [v = challengeOf(value)](Args &a) { a.codeChallenge = v; }));
}
bool PLATFORM_API Platform_AuthorizationArgs_CodeChallenge(Platform_AuthorizationArgs *self,
                                                          Platform_AuthorizationCodeChallenge *out) {
    return guard(__func__, false, [&] {
        const auto c = objGet<Args>(self).codeChallenge;
        if (!c) return false;
        objInit<Challenge>(out, *c);
        return true;
    });
}
void PLATFORM_API Platform_AuthorizationArgs_SetIntegrationType(Platform_AuthorizationArgs *self,
                                                               Platform_IntegrationType *value) {
    PSIM_VOID({
        std::optional<int32_t> v;
        if (value != nullptr) v = enumBits(*value);
        objSet<Args>(self, [v](Args &a) { a.integrationType = v; });
    });
}
bool PLATFORM_API Platform_AuthorizationArgs_IntegrationType(Platform_AuthorizationArgs *self,
                                                            Platform_IntegrationType *out) {
    return guard(__func__, false, [&] {
        const auto v = objGet<Args>(self).integrationType;
        if (!v) return false;
        if (out != nullptr) *out = toEnum<Platform_IntegrationType>(*v);
        return true;
    });
}
void PLATFORM_API Platform_AuthorizationArgs_SetCustomSchemeParam(Platform_AuthorizationArgs *self, Platform_String *value) {
    PSIM_VOID(objSet<Args>(self, [v = toOpt(value)](Args &a) { a.customSchemeParam = v; }));
}
bool PLATFORM_API Platform_AuthorizationArgs_CustomSchemeParam(Platform_AuthorizationArgs *self, Platform_String *out) {
    return guard(__func__, false, [&] { return optOut(objGet<Args>(self).customSchemeParam, out); });
}

/* ---- AuthorizationCodeVerifier (created by Client_CreateAuthorizationCodeVerifier) ---- */
void PLATFORM_API Platform_AuthorizationCodeVerifier_Drop(Platform_AuthorizationCodeVerifier *self) {
    PSIM_VOID(objDrop<Verifier>(self));
}
void PLATFORM_API Platform_AuthorizationCodeVerifier_Clone(Platform_AuthorizationCodeVerifier *self,
                                                          Platform_AuthorizationCodeVerifier const *src) {
    PSIM_VOID(objClone<Verifier>(self, src));
}
void PLATFORM_API Platform_AuthorizationCodeVerifier_SetChallenge(Platform_AuthorizationCodeVerifier *self,
                                                                 Platform_AuthorizationCodeChallenge *value) {
    PSIM_VOID(objSet<Verifier>(self, [v = challengeOf(value)](Verifier &d) { d.challenge = v.value_or(Challenge{}); }));
}
void PLATFORM_API Platform_AuthorizationCodeVerifier_Challenge(Platform_AuthorizationCodeVerifier *self,
                                                              Platform_AuthorizationCodeChallenge *out) {
    PSIM_VOID(objInit<Challenge>(out, objGet<Verifier>(self).challenge));
}
void PLATFORM_API Platform_AuthorizationCodeVerifier_SetVerifier(Platform_AuthorizationCodeVerifier *self,
                                                                Platform_String value) {
    PSIM_VOID(objSet<Verifier>(self, [v = toStd(value)](Verifier &d) { d.verifier = v; }));
}
void PLATFORM_API Platform_AuthorizationCodeVerifier_Verifier(Platform_AuthorizationCodeVerifier *self,
                                                             Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<Verifier>(self).verifier));
}

/* ---- AuthorizationCodeChallenge ---- */
void PLATFORM_API Platform_AuthorizationCodeChallenge_Init(Platform_AuthorizationCodeChallenge *self) {
    PSIM_VOID(objInit<Challenge>(self));
}
void PLATFORM_API Platform_AuthorizationCodeChallenge_Drop(Platform_AuthorizationCodeChallenge *self) {
    PSIM_VOID(objDrop<Challenge>(self));
}
void PLATFORM_API Platform_AuthorizationCodeChallenge_Clone(Platform_AuthorizationCodeChallenge *self,
                                                           Platform_AuthorizationCodeChallenge const *src) {
    PSIM_VOID(objClone<Challenge>(self, src));
}
void PLATFORM_API Platform_AuthorizationCodeChallenge_SetMethod(Platform_AuthorizationCodeChallenge *self,
                                                               Platform_AuthenticationCodeChallengeMethod value) {
    PSIM_VOID(objSet<Challenge>(self, [v = enumBits(value)](Challenge &c) { c.method = v; }));
}
Platform_AuthenticationCodeChallengeMethod PLATFORM_API
Platform_AuthorizationCodeChallenge_Method(Platform_AuthorizationCodeChallenge *self) {
    return guard(__func__, Platform_AuthenticationCodeChallengeMethod_S256, [&] {
        return toEnum<Platform_AuthenticationCodeChallengeMethod>(objGet<Challenge>(self).method);
    });
}
void PLATFORM_API Platform_AuthorizationCodeChallenge_SetChallenge(Platform_AuthorizationCodeChallenge *self,
                                                                  Platform_String value) {
    PSIM_VOID(objSet<Challenge>(self, [v = toStd(value)](Challenge &c) { c.challenge = v; }));
}
void PLATFORM_API Platform_AuthorizationCodeChallenge_Challenge(Platform_AuthorizationCodeChallenge *self,
                                                               Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<Challenge>(self).challenge));
}

/* ---- ClientCreateOptions ---- */
void PLATFORM_API Platform_ClientCreateOptions_Init(Platform_ClientCreateOptions *self) { PSIM_VOID(objInit<Options>(self)); }
void PLATFORM_API Platform_ClientCreateOptions_Drop(Platform_ClientCreateOptions *self) { PSIM_VOID(objDrop<Options>(self)); }
void PLATFORM_API Platform_ClientCreateOptions_Clone(Platform_ClientCreateOptions *self,
                                                    Platform_ClientCreateOptions const *src) {
    PSIM_VOID(objClone<Options>(self, src));
}
void PLATFORM_API Platform_ClientCreateOptions_SetWebBase(Platform_ClientCreateOptions *self, Platform_String value) {
    PSIM_VOID(objSet<Options>(self, [v = toStd(value)](Options &o) { o.webBase = v; }));
}
void PLATFORM_API Platform_ClientCreateOptions_WebBase(Platform_ClientCreateOptions *self, Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<Options>(self).webBase));
}
void PLATFORM_API Platform_ClientCreateOptions_SetApiBase(Platform_ClientCreateOptions *self, Platform_String value) {
    PSIM_VOID(objSet<Options>(self, [v = toStd(value)](Options &o) { o.apiBase = v; }));
}
void PLATFORM_API Platform_ClientCreateOptions_ApiBase(Platform_ClientCreateOptions *self, Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<Options>(self).apiBase));
}
void PLATFORM_API Platform_ClientCreateOptions_SetExperimentalAudioSystem(Platform_ClientCreateOptions *self,
                                                                         Platform_AudioSystem value) {
    PSIM_VOID(objSet<Options>(self, [v = enumBits(value)](Options &o) { o.audioSystem = v; }));
}
Platform_AudioSystem PLATFORM_API Platform_ClientCreateOptions_ExperimentalAudioSystem(Platform_ClientCreateOptions *self) {
    return guard(__func__, Platform_AudioSystem_Standard,
                 [&] { return toEnum<Platform_AudioSystem>(objGet<Options>(self).audioSystem); });
}
void PLATFORM_API Platform_ClientCreateOptions_SetExperimentalAndroidPreventCommsForBluetooth(
    Platform_ClientCreateOptions *self, bool value) {
    PSIM_VOID(objSet<Options>(self, [value](Options &o) { o.androidPreventCommsForBluetooth = value; }));
}
bool PLATFORM_API Platform_ClientCreateOptions_ExperimentalAndroidPreventCommsForBluetooth(Platform_ClientCreateOptions *self) {
    return guard(__func__, false, [&] { return objGet<Options>(self).androidPreventCommsForBluetooth; });
}
void PLATFORM_API Platform_ClientCreateOptions_SetCpuAffinityMask(Platform_ClientCreateOptions *self, uint64_t *value) {
    PSIM_VOID({
        std::optional<uint64_t> v;
        if (value != nullptr) v = *value;
        objSet<Options>(self, [v](Options &o) { o.cpuAffinityMask = v; });
    });
}
bool PLATFORM_API Platform_ClientCreateOptions_CpuAffinityMask(Platform_ClientCreateOptions *self, uint64_t *out) {
    return guard(__func__, false, [&] {
        const auto v = objGet<Options>(self).cpuAffinityMask;
        if (!v) return false;
        if (out != nullptr) *out = *v;
        return true;
    });
}

/* ---- DeviceAuthorizationArgs ---- */
void PLATFORM_API Platform_DeviceAuthorizationArgs_Init(Platform_DeviceAuthorizationArgs *self) {
    PSIM_VOID(objInit<DeviceArgs>(self));
}
void PLATFORM_API Platform_DeviceAuthorizationArgs_Drop(Platform_DeviceAuthorizationArgs *self) {
    PSIM_VOID(objDrop<DeviceArgs>(self));
}
void PLATFORM_API Platform_DeviceAuthorizationArgs_Clone(Platform_DeviceAuthorizationArgs *self,
                                                        Platform_DeviceAuthorizationArgs const *src) {
    PSIM_VOID(objClone<DeviceArgs>(self, src));
}
void PLATFORM_API Platform_DeviceAuthorizationArgs_SetClientId(Platform_DeviceAuthorizationArgs *self, uint64_t value) {
    PSIM_VOID(objSet<DeviceArgs>(self, [value](DeviceArgs &d) { d.clientId = value; }));
}
uint64_t PLATFORM_API Platform_DeviceAuthorizationArgs_ClientId(Platform_DeviceAuthorizationArgs *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<DeviceArgs>(self).clientId; });
}
void PLATFORM_API Platform_DeviceAuthorizationArgs_SetScopes(Platform_DeviceAuthorizationArgs *self, Platform_String value) {
    PSIM_VOID(objSet<DeviceArgs>(self, [v = toStd(value)](DeviceArgs &d) { d.scopes = v; }));
}
void PLATFORM_API Platform_DeviceAuthorizationArgs_Scopes(Platform_DeviceAuthorizationArgs *self, Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<DeviceArgs>(self).scopes));
}

}  // extern "C"
