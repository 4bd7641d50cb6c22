// Argument checks and value conversions at the JS boundary. The TS layer validates first with
// friendlier messages; these checks are the last line of defence so that no input from JS can
// crash native code: every wrong type or range throws a TypeError/RangeError naming the argument.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include <napi.h>


namespace psdk {

// Metadata: string keys and values (a JS object of strings).
using StringMap = std::unordered_map<std::string, std::string>;

// Snowflake ids arrive as BigInt or decimal string and leave as decimal strings.
uint64_t ToId(const Napi::Value &value, const char *name, bool allowZero = false);
int32_t ToInt32(const Napi::Value &value, const char *name, int32_t min, int32_t max);
uint64_t ArgId(const Napi::CallbackInfo &info, size_t index, const char *name, bool allowZero = false);
std::string ArgString(const Napi::CallbackInfo &info, size_t index, const char *name);
int32_t ArgInt32(const Napi::CallbackInfo &info, size_t index, const char *name, int32_t min, int32_t max);
double ArgNumber(const Napi::CallbackInfo &info, size_t index, const char *name, double min, double max);
// An integer in [min, max] as ArgInt32 checks it, for the unsigned 32-bit arguments.
uint32_t ArgUint32(const Napi::CallbackInfo &info, size_t index, const char *name, double min, double max);
bool ArgBool(const Napi::CallbackInfo &info, size_t index, const char *name);
uint32_t ArgOpId(const Napi::CallbackInfo &info, size_t index);
// Argument `index` as JS passed it (undefined when left out): for the bodies that read it themselves.
Napi::Value ArgValue(const Napi::CallbackInfo &info, size_t index);

Napi::String IdToJs(Napi::Env env, uint64_t id);
Napi::Array IdsToJs(Napi::Env env, const std::vector<uint64_t> &ids);
Napi::Object MapToJs(Napi::Env env, const StringMap &map);
// A JS object of string values (undefined/null: empty) → map; TypeError naming `name` otherwise.
StringMap ToStringMap(const Napi::Value &value, const char *name);

}  // namespace psdk
