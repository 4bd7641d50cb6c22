// The single translation unit that compiles platformpp.h's out-of-line definitions.
#include "runtime/sdk_library.h"

#define PLATFORMPP_C(fn) (::psdk::Sdk().fn)
#define PLATFORMPP_IMPLEMENTATION
#include "platformpp.h"
