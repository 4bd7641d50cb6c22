/* Compile-time check of cplatform.h against the reference layouts (sdk-abi.md 1.2, 1.3, 1.7, 3).
 * Built with every build of the addon (CMakeLists.txt: abi_layout_check): a layout or enum value
 * that drifts from the vendor ABI fails the build instead of corrupting memory at run time. */
#include <stddef.h>
#include "cplatform.h"
#include "platform_sim.h"

#define P (sizeof(void *))
_Static_assert(sizeof(Platform_String) == 2 * P, "Platform_String size");
_Static_assert(offsetof(Platform_String, ptr) == 0 && offsetof(Platform_String, size) == P, "Platform_String layout");
_Static_assert(sizeof(Platform_Properties) == 3 * P, "Platform_Properties size");
_Static_assert(offsetof(Platform_Properties, keys) == P && offsetof(Platform_Properties, values) == 2 * P, "Platform_Properties layout");
_Static_assert(sizeof(Platform_Allocator) == 2 * P, "Platform_Allocator size");
_Static_assert(sizeof(Platform_UInt64Span) == 2 * P && sizeof(Platform_MessageHandleSpan) == 2 * P, "span size");
_Static_assert(offsetof(Platform_UserHandleSpan, size) == P, "span layout");
_Static_assert(sizeof(Platform_Client) == P && sizeof(Platform_UserHandle) == P, "opaque class size");
_Static_assert(sizeof(Platform_Call) == 3 * P, "Platform_Call has three slots");
_Static_assert(sizeof(Platform_Client_Status) == 4 && sizeof(Platform_HttpStatusCode) == 4, "enums are 32-bit");
_Static_assert(sizeof(Platform_VoiceInputModeType) == 4, "VoiceInputModeType is 32-bit (forceint)");
_Static_assert(sizeof(bool) == 1, "bool is one byte");

_Static_assert(Platform_Client_Status_Ready == 3 && Platform_Client_Status_HttpWait == 6, "Client::Status");
_Static_assert(Platform_Client_Error_ConnectionCanceled == 3, "Client::Error");
_Static_assert(Platform_ErrorType_ClientDestroyed == 5 && Platform_ErrorType_RPCError == 9, "ErrorType");
_Static_assert(Platform_HttpStatusCode_TooManyRequests == 429 && Platform_HttpStatusCode_NetworkAuthorizationRequired == 511, "HttpStatusCode");
_Static_assert(Platform_LoggingSeverity_Verbose == 1 && Platform_LoggingSeverity_None == 5, "LoggingSeverity");
_Static_assert(Platform_AuthenticationExternalAuthType_PlayStationNetworkIdToken == 7, "AuthenticationExternalAuthType");
_Static_assert(Platform_ActivityGamePlatforms_PS5 == 128 && Platform_ActivityTypes_HangStatus == 6, "Activity enums");
_Static_assert(Platform_ChannelType_EphemeralDm == 18 && Platform_Call_Status_Disconnecting == 6, "ChannelType / Call::Status");
_Static_assert(Platform_DisclosureTypes_MessageDataVisibleOnPlatform == 3, "DisclosureTypes");
_Static_assert(sizeof(Platform_AuthorizationTokenType) == 4 && Platform_AuthorizationTokenType_Bearer == 1, "AuthorizationTokenType");

/* Prototype spot checks: assigning to a pointer of the reference type fails on any mismatch. */
static void (*const check_update_token)(Platform_Client *, Platform_AuthorizationTokenType, Platform_String,
                                        Platform_Client_UpdateTokenCallback, Platform_FreeFn, void *) = Platform_Client_UpdateToken;
static bool (*const check_set_log_dir)(Platform_Client *, Platform_String, Platform_LoggingSeverity) = Platform_Client_SetLogDir;
static void (*const check_free_properties)(Platform_Properties) = Platform_FreeProperties;

const void *platform_abi_layout_check_anchor(void);
const void *platform_abi_layout_check_anchor(void) {
  return (const void *)&check_update_token == (const void *)&check_set_log_dir ? (const void *)&check_free_properties : 0;
}
