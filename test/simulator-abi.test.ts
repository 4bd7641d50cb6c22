// Runs the native C ABI tests of the simulator (test/native/simulator, CMake target
// platform_sim_abi_tests, built into build/tests/ by `npm run build:native`), and the program
// written against the vendor's 1.10.19337 C++ wrapper (test/native/platformpp_program). Each
// prints FAIL lines on stdout, nothing on stderr, and ends with "N passed, M failed".
import { NATIVE_PROGRAM_TIMEOUT_MS as TIMEOUT_MS, nativeProgram, passedChecks } from './native-programs';

const BINARY = nativeProgram('platform_sim_abi_tests');
const VENDOR_PROGRAM = nativeProgram('platformpp_voice_settings_program');

test('the simulator passes its native C ABI tests', async () => {
  expect(await passedChecks(BINARY)).toBeGreaterThanOrEqual(1000);
}, TIMEOUT_MS + 5_000);

test("a program written against the vendor's 1.10 Client::GetVoiceSettings builds and runs against the simulator", async () => {
  expect(await passedChecks(VENDOR_PROGRAM)).toBeGreaterThanOrEqual(20);
}, TIMEOUT_MS + 5_000);
