// results.cc — see results.h.
#include "results.h"

#include <cstdio>

namespace psim::result {

std::string jsonEscape(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 2);
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out.push_back(ch);
            }
        }
    }
    return out;
}

const char *errorTypeName(int32_t type) {
    switch (type) {
    case Platform_ErrorType_None: return "None";
    case Platform_ErrorType_NetworkError: return "NetworkError";
    case Platform_ErrorType_HTTPError: return "HTTPError";
    case Platform_ErrorType_ClientNotReady: return "ClientNotReady";
    case Platform_ErrorType_Disabled: return "Disabled";
    case Platform_ErrorType_ClientDestroyed: return "ClientDestroyed";
    case Platform_ErrorType_ValidationError: return "ValidationError";
    case Platform_ErrorType_Aborted: return "Aborted";
    case Platform_ErrorType_AuthorizationFailed: return "AuthorizationFailed";
    case Platform_ErrorType_RPCError: return "RPCError";
    default: return "Unknown";
    }
}

namespace {
ResultData failure(int32_t type, int32_t status, std::string_view error) {
    ResultData r;
    r.type = type;
    r.status = status;
    r.error = std::string(error);
    r.successful = false;
    return r;
}
bool retryableStatus(int32_t s) { return s == 429 || s >= 500; }

const char *statusText(int32_t s) {
    switch (s) {
    case 400: return "bad request";
    case 401: return "unauthorized";
    case 403: return "forbidden";
    case 404: return "not found";
    case 408: return "request timeout";
    case 409: return "conflict";
    case 429: return "rate limited";
    case 500: return "internal server error";
    case 502: return "bad gateway";
    case 503: return "service unavailable";
    case 504: return "gateway timeout";
    default: return nullptr;
    }
}
}  // namespace

ResultData ok() { return ResultData{}; }

ResultData validation(std::string_view message) {
    return failure(Platform_ErrorType_ValidationError, Platform_HttpStatusCode_None, message);
}

ResultData clientDestroyed() {
    return failure(Platform_ErrorType_ClientDestroyed, Platform_HttpStatusCode_None,
                   "client destroyed");
}

ResultData notReady() {
    return failure(Platform_ErrorType_ClientNotReady, Platform_HttpStatusCode_None,
                   "client not ready: no gateway session");
}

ResultData desktopAppMissing() {
    return failure(Platform_ErrorType_RPCError, Platform_HttpStatusCode_None,
                   "the platform desktop app is not installed: nothing to connect to over the local transport");
}

ResultData platform(int32_t httpStatus, int32_t code, std::string_view message) {
    const char *text = statusText(httpStatus);
    return api(httpStatus, code, text ? text : "http error " + std::to_string(httpStatus), message);
}

ResultData aborted(std::string_view message) {
    return failure(Platform_ErrorType_Aborted, Platform_HttpStatusCode_None, message);
}

ResultData authorizationFailed(std::string_view error, std::string_view description) {
    ResultData r = failure(Platform_ErrorType_AuthorizationFailed, Platform_HttpStatusCode_None, error);
    r.responseBody = "{\"error\":\"" + jsonEscape(error) + "\",\"error_description\":\"" +
                     jsonEscape(description) + "\"}";
    return r;
}

ResultData network(std::string_view message) {
    ResultData r = failure(Platform_ErrorType_NetworkError, Platform_HttpStatusCode_None, message);
    r.retryable = true;
    return r;
}

ResultData oauth(int32_t httpStatus, std::string_view error, std::string_view description) {
    ResultData r = failure(Platform_ErrorType_HTTPError, httpStatus, error);
    r.responseBody = "{\"error\":\"" + jsonEscape(error) + "\",\"error_description\":\"" +
                     jsonEscape(description) + "\"}";
    r.retryable = retryableStatus(httpStatus);
    return r;
}

ResultData api(int32_t httpStatus, int32_t code, std::string_view error, std::string_view message) {
    ResultData r = failure(Platform_ErrorType_HTTPError, httpStatus, error);
    r.errorCode = code;
    r.responseBody = "{\"code\":" + std::to_string(code) + ",\"message\":\"" + jsonEscape(message) + "\"}";
    r.retryable = retryableStatus(httpStatus);
    return r;
}

ResultData injected(int32_t httpStatus, int32_t errorCode, int32_t retryAfterMs) {
    const char *text = statusText(httpStatus);
    const std::string error = text ? text : "http error " + std::to_string(httpStatus);
    ResultData r = failure(Platform_ErrorType_HTTPError, httpStatus, error);
    r.errorCode = errorCode;
    r.retryable = retryableStatus(httpStatus);
    std::string body = "{\"code\":" + std::to_string(errorCode) + ",\"message\":\"" + jsonEscape(error) + "\"";
    if (retryAfterMs > 0) {
        r.retryAfter = static_cast<float>(retryAfterMs) / 1000.0f;
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", static_cast<double>(r.retryAfter));
        body += ",\"retry_after\":";
        body += buf;
    }
    r.responseBody = body + "}";
    return r;
}

}  // namespace psim::result
