// api_client_result.cc — Platform_ClientResult (a library-created record; sdk-abi.md 5.7).
#include <cstdio>

#include "client_result.h"
#include "guard.h"
#include "registry.h"
#include "results.h"
#include "sim_strings.h"

namespace psim {

using ResultRegistry = Registry<ResultData>;

Platform_ClientResult newClientResult(const ResultData &data) {
    return Platform_ClientResult{ResultRegistry::get().add(data)};
}

std::string describeResult(const ResultData &r) {
    char retry[32];
    std::snprintf(retry, sizeof retry, "%g", static_cast<double>(r.retryAfter));
    std::string s = "ClientResult { type: ";
    s += result::errorTypeName(r.type);
    s += ", successful: ";
    s += r.successful ? "true" : "false";
    s += ", status: " + std::to_string(r.status);
    if (!r.error.empty()) s += ", error: \"" + result::jsonEscape(r.error) + "\"";
    if (r.errorCode != 0) s += ", errorCode: " + std::to_string(r.errorCode);
    s += ", retryable: ";
    s += r.retryable ? "true" : "false";
    if (r.retryAfter > 0.0f) s += ", retryAfter: " + std::string(retry) + "s";
    s += " }";
    return s;
}

}  // namespace psim

using namespace psim;

namespace {
// An invalid (zeroed, dropped) object reads as all defaults: 0, false, "" -- not as "success".
ResultData invalidResult() {
    ResultData r;
    r.status = Platform_HttpStatusCode_None;
    r.successful = false;
    return r;
}
ResultData get(Platform_ClientResult *self) {
    if (self == nullptr) return invalidResult();
    auto v = ResultRegistry::get().copy(self->opaque);
    return v ? *v : invalidResult();
}
template <class F>
void set(Platform_ClientResult *self, F &&f) {
    if (self != nullptr) ResultRegistry::get().update(self->opaque, std::forward<F>(f));
}
}  // namespace

extern "C" {

void PLATFORM_API Platform_ClientResult_Drop(Platform_ClientResult *self) {
    guardVoid(__func__, [&] {
        if (self == nullptr) return;
        ResultRegistry::get().remove(self->opaque);
        self->opaque = nullptr;
    });
}

void PLATFORM_API Platform_ClientResult_Clone(Platform_ClientResult *self, Platform_ClientResult const *src) {
    guardVoid(__func__, [&] {
        if (self == nullptr) return;
        self->opaque = nullptr;
        if (src == nullptr) return;
        if (auto v = ResultRegistry::get().copy(src->opaque)) self->opaque = ResultRegistry::get().add(*v);
    });
}

void PLATFORM_API Platform_ClientResult_ToString(Platform_ClientResult *self, Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, describeResult(get(self))); });
}

void PLATFORM_API Platform_ClientResult_SetType(Platform_ClientResult *self, Platform_ErrorType value) {
    guardVoid(__func__, [&] { set(self, [v = enumBits(value)](ResultData &r) { r.type = v; }); });
}
Platform_ErrorType PLATFORM_API Platform_ClientResult_Type(Platform_ClientResult *self) {
    return guard(__func__, Platform_ErrorType_None, [&] { return toEnum<Platform_ErrorType>(get(self).type); });
}

void PLATFORM_API Platform_ClientResult_SetError(Platform_ClientResult *self, Platform_String value) {
    guardVoid(__func__, [&] { set(self, [v = toStd(value)](ResultData &r) { r.error = v; }); });
}
void PLATFORM_API Platform_ClientResult_Error(Platform_ClientResult *self, Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, get(self).error); });
}

void PLATFORM_API Platform_ClientResult_SetErrorCode(Platform_ClientResult *self, int32_t value) {
    guardVoid(__func__, [&] { set(self, [value](ResultData &r) { r.errorCode = value; }); });
}
int32_t PLATFORM_API Platform_ClientResult_ErrorCode(Platform_ClientResult *self) {
    return guard(__func__, int32_t{0}, [&] { return get(self).errorCode; });
}

void PLATFORM_API Platform_ClientResult_SetStatus(Platform_ClientResult *self, Platform_HttpStatusCode value) {
    guardVoid(__func__, [&] { set(self, [v = enumBits(value)](ResultData &r) { r.status = v; }); });
}
Platform_HttpStatusCode PLATFORM_API Platform_ClientResult_Status(Platform_ClientResult *self) {
    return guard(__func__, Platform_HttpStatusCode_None,
                 [&] { return toEnum<Platform_HttpStatusCode>(get(self).status); });
}

void PLATFORM_API Platform_ClientResult_SetResponseBody(Platform_ClientResult *self, Platform_String value) {
    guardVoid(__func__, [&] { set(self, [v = toStd(value)](ResultData &r) { r.responseBody = v; }); });
}
void PLATFORM_API Platform_ClientResult_ResponseBody(Platform_ClientResult *self, Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, get(self).responseBody); });
}

void PLATFORM_API Platform_ClientResult_SetSuccessful(Platform_ClientResult *self, bool value) {
    guardVoid(__func__, [&] { set(self, [value](ResultData &r) { r.successful = value; }); });
}
bool PLATFORM_API Platform_ClientResult_Successful(Platform_ClientResult *self) {
    return guard(__func__, false, [&] { return get(self).successful; });
}

void PLATFORM_API Platform_ClientResult_SetRetryable(Platform_ClientResult *self, bool value) {
    guardVoid(__func__, [&] { set(self, [value](ResultData &r) { r.retryable = value; }); });
}
bool PLATFORM_API Platform_ClientResult_Retryable(Platform_ClientResult *self) {
    return guard(__func__, false, [&] { return get(self).retryable; });
}

void PLATFORM_API Platform_ClientResult_SetRetryAfter(Platform_ClientResult *self, float value) {
    guardVoid(__func__, [&] { set(self, [value](ResultData &r) { r.retryAfter = value; }); });
}
float PLATFORM_API Platform_ClientResult_RetryAfter(Platform_ClientResult *self) {
    return guard(__func__, 0.0f, [&] { return get(self).retryAfter; });
}

}  // extern "C"
