// tls_model.h — PSIM_FAST_TLS: the initial-exec TLS model for the small thread_locals every getter
// reads (block_pool.cc's cache pointer, handle_view.h's record pointers and known handles).
//
// This library is dlopen'ed, so its thread_locals default to the general-dynamic model: every
// access is a call to __tls_get_addr (~13 instructions; a captured message made ~33, ~430
// instructions, issue 19). Initial-exec reads them at a fixed offset from the thread pointer.
// Its price: a library with an initial-exec variable has its whole TLS block (~280 bytes;
// test/simulator-exports.test.ts keeps it at most 512) placed in static TLS when it is dlopen'ed,
// out of the room glibc reserves for that (the tunable glibc.rtld.optional_static_tls, 512 bytes
// by default since 2.32; a fixed surplus of ~1,600 bytes before); a dlopen that finds the room
// used up by other libraries fails ("cannot allocate memory in static TLS block"). Hence glibc
// only: elsewhere (musl, macOS, mingw-w64's emulated TLS) no such room is documented for a
// dlopen'ed library, and the default model stays. The room taken is the whole block whichever
// variables are marked; the marked ones are those on the getters' path.
#pragma once

#include <cstddef>  // defines __GLIBC__ on glibc (through <features.h>)

#if defined(__GLIBC__) && !defined(__ANDROID__) && (defined(__GNUC__) || defined(__clang__))
#define PSIM_FAST_TLS [[gnu::tls_model("initial-exec")]]
#else
#define PSIM_FAST_TLS
#endif
