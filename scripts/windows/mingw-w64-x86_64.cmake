# CMake toolchain: cross-compile the addon, the simulator DLL and the native tests for win32-x64
# with mingw-w64 (Debian's g++-mingw-w64-x86-64). The -posix compilers use winpthreads, which
# std::thread, std::mutex and std::condition_variable need; the -win32 ones lack them.
# Used by scripts/windows/cross-build.mjs (the Windows lane, `npm run prebuild -- --cross win32-x64`).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR AMD64)

set(PLATFORM_MINGW_PREFIX x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${PLATFORM_MINGW_PREFIX}-gcc-posix)
set(CMAKE_CXX_COMPILER ${PLATFORM_MINGW_PREFIX}-g++-posix)
set(CMAKE_RC_COMPILER ${PLATFORM_MINGW_PREFIX}-windres)
set(CMAKE_DLLTOOL ${PLATFORM_MINGW_PREFIX}-dlltool)

set(CMAKE_FIND_ROOT_PATH /usr/${PLATFORM_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)

# A Windows machine with nothing installed has no libstdc++-6.dll, libgcc_s_seh-1.dll or
# libwinpthread-1.dll: link all three into each binary. (-static also takes winpthread's static
# archive; the system DLLs - kernel32, bcrypt - stay dynamic, as import libraries are all there is.)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static")
set(CMAKE_MODULE_LINKER_FLAGS_INIT "-static")
