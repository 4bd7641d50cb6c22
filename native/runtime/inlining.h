// PSDK_NOINLINE: a function never inlined (g++ and clang, mingw-w64 included; elsewhere the
// compiler decides). For the rare path of a hot function (a conversion, growing a buffer), so that
// the common path saves no registers for its sake (EventTape::Id, TakeStringInto).
#pragma once

#if defined(__GNUC__)
#define PSDK_NOINLINE [[gnu::noinline]]
#else
#define PSDK_NOINLINE
#endif
