// Runs the world host transport's native tests (test/native/join, CMake target
// platform_join_link_tests): handshake, token and HTTP refusals, frame bounds and order, slow and
// silent peers, 50 peers at once, over real loopback sockets.
import { NATIVE_PROGRAM_TIMEOUT_MS, nativeProgram, passedChecks } from './native-programs';

test('the world host transport passes its native tests', async () => {
  // Every area ran: the 10,000 ordered frames alone are 10,000 checks.
  expect(await passedChecks(nativeProgram('platform_join_link_tests'))).toBeGreaterThanOrEqual(10_000);
}, NATIVE_PROGRAM_TIMEOUT_MS + 5_000);
