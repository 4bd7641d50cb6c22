/* Test-harness only, never shipped: wine 8 (Debian 12) has no bcryptprimitives.dll, which the
 * Windows build of jest's resolver (unrs-resolver, Rust) imports for ProcessPrng. The Windows lane
 * builds this stand-in beside that binding; ProcessPrng is documented to always succeed. */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size) {
    while (size > 0) {
        ULONG chunk = size > 0x40000000u ? 0x40000000u : (ULONG)size;
        if (BCryptGenRandom(NULL, data, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0) return FALSE;
        data += chunk;
        size -= chunk;
    }
    return TRUE;
}
