// Every translation unit of the addon includes platformpp.h through this header, so that all of
// the wrapper's C calls go through the run-time resolved table (sdk_library.h) instead of being
// linked against an SDK library. platformpp_impl.cc holds the one PLATFORMPP_IMPLEMENTATION.
#pragma once

#include "runtime/sdk_library.h"

#define PLATFORMPP_C(fn) (::psdk::Sdk().fn)
#include "platformpp.h"
