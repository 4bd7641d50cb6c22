# Run after linking the addon (CMakeLists.txt, POST_BUILD): fails the build when the addon leaves
# one of its own functions undefined. A shared library may link with undefined symbols (Node-API's
# are resolved at load), and Node loads addons lazily: a method declared in
# native/boundary/methods.schema whose body was never written would link, load, and end the
# process at its first call ("symbol lookup error"). Here it is a build error naming the method.
#   cmake -DNM=<nm> -DADDON=<file> -P scripts/check-addon-symbols.cmake
#   (test/addon-symbols.test.ts runs it with stand-in nm programs)
# GNU nm and llvm-nm demangle (-C); an nm without -C (older BSD or Apple cctools nm) is read
# without it, matching the mangled prefix of our namespace: _ZN4psdk, _ZNK4psdk for a const member
# (Mach-O adds a leading underscore, which the match allows). An nm that cannot read the addon at
# all is a warning, not a failed build: the check is a safety net, and the addon itself is fine.
execute_process(COMMAND ${NM} -C -u ${ADDON} OUTPUT_VARIABLE undefined RESULT_VARIABLE status ERROR_QUIET)
if(status EQUAL 0)
  string(REGEX MATCHALL "psdk::[^\n]*" own "${undefined}")
else()
  execute_process(COMMAND ${NM} -u ${ADDON} OUTPUT_VARIABLE undefined RESULT_VARIABLE status ERROR_QUIET)
  if(NOT status EQUAL 0)
    message(WARNING "addon symbol check skipped: ${NM} could not list the undefined symbols of ${ADDON} "
      "(with or without -C); a method of native/boundary/methods.schema without its body would not be caught here")
    return()
  endif()
  string(REGEX MATCHALL "_ZNK?4psdk[^\n]*" own "${undefined}")
endif()
if(own)
  list(JOIN own "\n  " names)
  file(REMOVE ${ADDON})  # never leave an addon that would crash at a call
  message(FATAL_ERROR "the addon declares but never defines:\n  ${names}\n"
    "a method of native/boundary/methods.schema needs its body in its area's file (native/client/)")
endif()
