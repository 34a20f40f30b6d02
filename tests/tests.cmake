# Under ASan+UBSan every test runs several times slower (a 2-core CI host
# that runs the suite twice): the sanitizer build's limits are 3x.
if(SPADC_SANITIZE)
  set(SPADC_T600 1800)
  set(SPADC_T900 2700)
else()
  set(SPADC_T600 600)
  set(SPADC_T900 900)
endif()
# Tests: one executable per module (tests/unit/test_<module>.c), one script per
# command-line behaviour (tests/cli/<name>.sh), and the fuzz corpora replayed.
# All tests find the corpus and the tool through the environment below.
set(SPADC_TEST_ENV
  "SPADC=$<TARGET_FILE:spadc>"
  "SPADC_SRC=${PROJECT_SOURCE_DIR}"
  "SPADC_CORPUS=${PROJECT_SOURCE_DIR}/tests/corpus"
  "SPADC_BUILD=${PROJECT_BINARY_DIR}"
  "SPADC_SANITIZE=$<BOOL:${SPADC_SANITIZE}>")

file(GLOB SPADC_UNIT_TESTS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/unit/test_*.c)
foreach(src ${SPADC_UNIT_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_executable(${name} ${src})
  target_link_libraries(${name} PRIVATE spadc_lib)
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/tests/unit)
  target_compile_options(${name} PRIVATE -UNDEBUG $<$<C_COMPILER_ID:GNU>:-Wno-format-truncation>)
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${SPADC_TEST_ENV}" TIMEOUT ${SPADC_T600})
endforeach()
# test_api runs the whole corpus through the API on every target: 1466 s
# alone under ASan on a 2-core host, past 1800 s when the host is busy
if(SPADC_SANITIZE)
  set_tests_properties(test_api PROPERTIES TIMEOUT 5400)
endif()

file(GLOB SPADC_CLI_TESTS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/cli/*.sh)
foreach(script ${SPADC_CLI_TESTS})
  get_filename_component(name ${script} NAME_WE)
  add_test(NAME cli_${name} COMMAND bash ${script})
  # exit 77: the script does not apply to this build (e.g. valgrind on ASan)
  set_tests_properties(cli_${name} PROPERTIES ENVIRONMENT "${SPADC_TEST_ENV}" TIMEOUT ${SPADC_T900} SKIP_RETURN_CODE 77)
endforeach()

# Fuzz harnesses are built with a plain main() that replays their corpus, so
# they always compile and every saved input runs in every test build.
file(GLOB SPADC_FUZZERS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/fuzz/fuzz_*.c)
foreach(src ${SPADC_FUZZERS})
  get_filename_component(name ${src} NAME_WE)
  add_executable(${name}_replay ${src} ${PROJECT_SOURCE_DIR}/fuzz/replay_main.c)
  target_link_libraries(${name}_replay PRIVATE spadc_lib)
  add_test(NAME ${name}_replay COMMAND ${name}_replay ${PROJECT_SOURCE_DIR}/fuzz/corpus/${name})
  set_tests_properties(${name}_replay PROPERTIES ENVIRONMENT "${SPADC_TEST_ENV}" TIMEOUT ${SPADC_T600})
endforeach()

# The peers plug-in (bench/peers_ext.c, public API only) checked against a
# naive loop, with no allocation in a timed call.
if(TARGET bench_peers_ext)
  add_test(NAME bench_peers_ext COMMAND bench_peers_ext)
  set_tests_properties(bench_peers_ext PROPERTIES ENVIRONMENT "${SPADC_TEST_ENV}" TIMEOUT ${SPADC_T600})
endif()

# The bf16 bench driver's spadc cells (bench/bf16_cells.c, public API only,
# no oneDNN) on tiny shapes against a naive loop, and its check catching a
# wrong element.
if(TARGET bench_bf16_cells)
  add_test(NAME bench_bf16_cells COMMAND bench_bf16_cells --selftest)
  set_tests_properties(bench_bf16_cells PROPERTIES ENVIRONMENT "${SPADC_TEST_ENV}" TIMEOUT ${SPADC_T600})
endif()

# The Python package (python/spadc, ctypes over this build's libspadc.so)
# against the CLI, in tools/pyenv.sh's venv (`make test` and `make check` make
# it); and `pip install ./python` into a fresh venv (not in the quick tier).
add_test(NAME python_pkg COMMAND bash ${PROJECT_SOURCE_DIR}/tests/python/pytest.sh)
set_tests_properties(python_pkg PROPERTIES ENVIRONMENT "${SPADC_TEST_ENV};SPADC_LIBRARY=$<TARGET_FILE:spadc_shared>"
  TIMEOUT ${SPADC_T600})
add_test(NAME python_install COMMAND bash ${PROJECT_SOURCE_DIR}/tests/python/install.sh)
set_tests_properties(python_install PROPERTIES ENVIRONMENT "${SPADC_TEST_ENV}" TIMEOUT ${SPADC_T600} SKIP_RETURN_CODE 77)

# The quick tier (`make check`, under a minute): every test but the ones
# that run whole corpora on every target, under valgrind or through the
# npu simulator at full size. `make test` runs them all.
set(SPADC_SLOW_TESTS python_install cli_npu_check cli_valgrind cli_cpu_check cli_checksums cli_npu_svg test_npu_timing)
get_property(spadc_all_tests DIRECTORY PROPERTY TESTS)
foreach(t ${spadc_all_tests})
  if(t IN_LIST SPADC_SLOW_TESTS)
    set_tests_properties(${t} PROPERTIES LABELS full)
  else()
    set_tests_properties(${t} PROPERTIES LABELS "quick;full")
  endif()
endforeach()
