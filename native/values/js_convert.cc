#include "values/js_convert.h"

#include <charconv>
#include <cmath>

namespace psdk {

namespace {

[[noreturn]] void ThrowType(Napi::Env env, const std::string &message) {
  throw Napi::TypeError::New(env, message);
}
[[noreturn]] void ThrowRange(Napi::Env env, const std::string &message) {
  throw Napi::RangeError::New(env, message);
}

Napi::Value Arg(const Napi::CallbackInfo &info, size_t index) {
  return index < info.Length() ? info[index] : info.Env().Undefined();
}

}  // namespace

uint64_t ArgId(const Napi::CallbackInfo &info, size_t index, const char *name, bool allowZero) {
  return ToId(Arg(info, index), name, allowZero);
}

uint64_t ToId(const Napi::Value &v, const char *name, bool allowZero) {
  Napi::Env env = v.Env();
  uint64_t id = 0;
  if (v.IsBigInt()) {
    // Read the words directly: Napi::BigInt::Uint64Value would wrap negatives silently.
    int sign = 0;
    size_t words = 2;  // in: capacity; out: words the value needs
    uint64_t buf[2] = {0, 0};
    if (napi_get_value_bigint_words(env, v, &sign, &words, buf) != napi_ok) {
      ThrowType(env, std::string(name) + " must be a snowflake id (string or bigint)");
    }
    if (sign != 0) ThrowRange(env, std::string(name) + " must not be negative");
    if (words > 1) ThrowRange(env, std::string(name) + " is larger than 2^64-1");
    id = buf[0];
  } else if (v.IsString()) {
    std::string s = v.As<Napi::String>().Utf8Value();
    if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos) {
      ThrowType(env, std::string(name) + " must be a decimal snowflake id");
    }
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), id);
    if (ec != std::errc() || end != s.data() + s.size()) ThrowRange(env, std::string(name) + " is larger than 2^64-1");
  } else {
    ThrowType(env, std::string(name) + " must be a snowflake id (string or bigint)");
  }
  if (id == 0 && !allowZero) ThrowRange(env, std::string(name) + " must not be 0");
  return id;
}

std::string ArgString(const Napi::CallbackInfo &info, size_t index, const char *name) {
  Napi::Value v = Arg(info, index);
  if (!v.IsString()) ThrowType(info.Env(), std::string(name) + " must be a string");
  return v.As<Napi::String>().Utf8Value();
}

namespace {
std::string Format(double d) {
  std::string s = std::to_string(d);
  s.erase(s.find_last_not_of('0') + 1);
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}
double ToNumber(const Napi::Value &v, const char *name, double min, double max) {
  if (!v.IsNumber()) ThrowType(v.Env(), std::string(name) + " must be a number");
  double d = v.As<Napi::Number>().DoubleValue();
  if (std::isnan(d) || d < min || d > max) {
    ThrowRange(v.Env(), std::string(name) + " must be between " + Format(min) + " and " + Format(max));
  }
  return d;
}
}  // namespace

double ArgNumber(const Napi::CallbackInfo &info, size_t index, const char *name, double min, double max) {
  return ToNumber(Arg(info, index), name, min, max);
}

int32_t ToInt32(const Napi::Value &v, const char *name, int32_t min, int32_t max) {
  double d = ToNumber(v, name, min, max);
  if (std::trunc(d) != d) ThrowRange(v.Env(), std::string(name) + " must be an integer");
  return static_cast<int32_t>(d);
}

int32_t ArgInt32(const Napi::CallbackInfo &info, size_t index, const char *name, int32_t min, int32_t max) {
  return ToInt32(Arg(info, index), name, min, max);
}

uint32_t ArgUint32(const Napi::CallbackInfo &info, size_t index, const char *name, double min, double max) {
  const Napi::Value v = Arg(info, index);
  const double d = ToNumber(v, name, min, max);
  if (std::trunc(d) != d) ThrowRange(v.Env(), std::string(name) + " must be an integer");
  return static_cast<uint32_t>(d);
}

Napi::Value ArgValue(const Napi::CallbackInfo &info, size_t index) {
  return Arg(info, index);
}

bool ArgBool(const Napi::CallbackInfo &info, size_t index, const char *name) {
  Napi::Value v = Arg(info, index);
  if (!v.IsBoolean()) ThrowType(info.Env(), std::string(name) + " must be a boolean");
  return v.As<Napi::Boolean>().Value();
}

uint32_t ArgOpId(const Napi::CallbackInfo &info, size_t index) {
  return static_cast<uint32_t>(ArgNumber(info, index, "opId", 1, 4294967295.0));
}

Napi::Object MapToJs(Napi::Env env, const StringMap &map) {
  Napi::Object o = Napi::Object::New(env);
  for (const auto &[key, value] : map) o.Set(key, value);
  return o;
}

StringMap ToStringMap(const Napi::Value &value, const char *name) {
  StringMap out;
  if (value.IsUndefined() || value.IsNull()) return out;
  if (!value.IsObject() || value.IsArray()) throw Napi::TypeError::New(value.Env(), std::string(name) + " must be an object of strings");
  Napi::Object o = value.As<Napi::Object>();
  Napi::Array keys = o.GetPropertyNames();
  for (uint32_t i = 0; i < keys.Length(); ++i) {
    Napi::Value key = keys.Get(i);
    Napi::Value v = o.Get(key);
    if (!v.IsString()) throw Napi::TypeError::New(value.Env(), std::string(name) + " values must be strings");
    out.emplace(key.ToString().Utf8Value(), v.As<Napi::String>().Utf8Value());
  }
  return out;
}

Napi::Array IdsToJs(Napi::Env env, const std::vector<uint64_t> &ids) {
  Napi::Array a = Napi::Array::New(env, ids.size());
  for (size_t i = 0; i < ids.size(); ++i) a.Set(static_cast<uint32_t>(i), IdToJs(env, ids[i]));
  return a;
}

Napi::String IdToJs(Napi::Env env, uint64_t id) {
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, id);
  (void)ec;
  return Napi::String::New(env, buf, static_cast<size_t>(end - buf));
}

}  // namespace psdk
