// process_exit.cc — see process_exit.h.
#include "process_exit.h"

#include <atomic>

#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#endif

namespace psim {
namespace {
std::atomic<bool> g_exiting{false};
}  // namespace

bool processExiting() noexcept { return g_exiting.load(); }

}  // namespace psim

#if defined(_WIN32)
// The C runtime's DLL entry point calls this before it runs the library's static destructors.
// `reserved` is non-null when the process is exiting, null on FreeLibrary (threads still run).
extern "C" BOOL WINAPI DllMain(HINSTANCE, DWORD reason, LPVOID reserved) {
    if (reason == DLL_PROCESS_DETACH && reserved != nullptr) psim::g_exiting = true;
    return TRUE;
}
#endif
