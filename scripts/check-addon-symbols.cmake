# Run after linking the addon (CMakeLists.txt, POST_BUILD): fails the build when the addon leaves
# one of its own functions undefined. A shared library may link with undefined symbols (Node-API's
# are resolved at load), and Node loads addons lazily: a method declared in
# native/boundary/methods.schema whose body was never written would link, load, and end the
# process at its first call ("symbol lookup error"). Here it is a build error naming the method.
#   cmake -DNM=<nm> -DADDON=<file> -P scripts/check-addon-symbols.cmake
execute_process(COMMAND ${NM} -C -u ${ADDON} OUTPUT_VARIABLE undefined RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${NM} could not read ${ADDON}")
endif()
string(REGEX MATCHALL "psdk::[^\n]*" own "${undefined}")
if(own)
  list(JOIN own "\n  " names)
  file(REMOVE ${ADDON})  # never leave an addon that would crash at a call
  message(FATAL_ERROR "the addon declares but never defines:\n  ${names}\n"
    "a method of native/boundary/methods.schema needs its body in its area's file (native/client/)")
endif()
