/* The Windows lane's check of itself (scripts/windows/lane.mjs): a program that crashes at once,
 * with a write through a null pointer. Under wine, an unhandled exception starts wine's debugger
 * unless the lane turned it off; the lane runs this first and fails unless the crash is reported
 * as a failure within seconds. Test-only: never shipped. */
#include <stdio.h>

int main(void) {
    puts("crash-on-purpose: writing through a null pointer");
    fflush(stdout);
    *(volatile int *)0 = 1;
    puts("crash-on-purpose: still running");
    return 0;
}
