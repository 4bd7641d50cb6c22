// process_exit.h — whether the process is exiting while this library is unloaded (Windows).
#pragma once

namespace psim {

// True from the library's DLL_PROCESS_DETACH at process exit on Windows. By then ExitProcess has
// ended every other thread, maybe while one held a mutex: static destructors must then neither
// join threads nor take locks (either can hang the exit forever). Always false elsewhere, where
// exit() runs static destructors while the other threads still run.
bool processExiting() noexcept;

}  // namespace psim
