# Sanitized builds: ASan+UBSan with gcc (make SANITIZE=1) and clang's fuzz
# configuration (make fuzz). Every test runs there too, slower, so the
# limits are 3x; and tests whose cost is only their size run at a reduced
# size there: SPADC_TEST_SCALE (a fraction, 1 = full size) is read by each
# such test (tests/unit/test.h test_scale(), tests/tools/lib.sh
# scaled), never used to skip a kind of check; test_failinject, whose cost
# is the square of the allocations it fails in turn, fails every
# 1/scale-th there (every one in the plain build, which CI runs first).
# Override with -DSPADC_TEST_SCALE=F.
if(SPADC_SANITIZE OR SPADC_FUZZ)
  set(SPADC_SANITIZED 1)
  set(SPADC_T600 1800)
  set(SPADC_T900 2700)
  set(SPADC_TEST_SCALE_DEFAULT 0.25)
else()
  set(SPADC_SANITIZED 0)
  set(SPADC_T600 600)
  set(SPADC_T900 900)
  set(SPADC_TEST_SCALE_DEFAULT 1)
endif()
set(SPADC_TEST_SCALE ${SPADC_TEST_SCALE_DEFAULT} CACHE STRING "size fraction of the tests that scale (1: full)")
# The ASan runtime a process not built with it (python) must preload to
# load the sanitized libspadc.so (tests/python/pytest.sh).
if(SPADC_SANITIZED)
  if(CMAKE_C_COMPILER_ID STREQUAL "Clang")
    # (clang's shared ASan runtime holds UBSan's handlers too; preloading
    # ubsan_standalone beside it breaks ASan's sigaction interception)
    set(spadc_rt_names libclang_rt.asan-x86_64.so)
  else()
    set(spadc_rt_names libasan.so libubsan.so)
  endif()
  set(SPADC_SANITIZER_PRELOAD "")
  foreach(rt ${spadc_rt_names})
    execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=${rt} OUTPUT_VARIABLE rt_path OUTPUT_STRIP_TRAILING_WHITESPACE)
    string(APPEND SPADC_SANITIZER_PRELOAD " ${rt_path}")
  endforeach()
  string(STRIP "${SPADC_SANITIZER_PRELOAD}" SPADC_SANITIZER_PRELOAD)
endif()
# Tests: one executable per module (tests/unit/test_<module>.c), one script per
# command-line behaviour (tests/cli/<name>.sh), and the fuzz corpora replayed.
# All tests find the corpus and the tool through the environment below.
set(SPADC_TEST_ENV
  "SPADC=$<TARGET_FILE:spadc>"
  "SPADC_SRC=${PROJECT_SOURCE_DIR}"
  "SPADC_CORPUS=${PROJECT_SOURCE_DIR}/tests/corpus"
  "SPADC_BUILD=${PROJECT_BINARY_DIR}"
  "SPADC_SANITIZE=${SPADC_SANITIZED}"
  "SPADC_SANITIZER_PRELOAD=${SPADC_SANITIZER_PRELOAD}"
  "SPADC_TEST_SCALE=${SPADC_TEST_SCALE}")

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

file(GLOB SPADC_CLI_TESTS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/cli/*.sh)
foreach(script ${SPADC_CLI_TESTS})
  get_filename_component(name ${script} NAME_WE)
  add_test(NAME cli_${name} COMMAND bash ${script})
  # exit 77: the script does not apply to this build (e.g. valgrind on ASan)
  set_tests_properties(cli_${name} PROPERTIES ENVIRONMENT "${SPADC_TEST_ENV}" TIMEOUT ${SPADC_T900} SKIP_RETURN_CODE 77)
endforeach()

# The npu corpus check on PyTorchSim's tpuv6e and 8x8 files too (the
# long tier; `make test` runs it on the built-in machine).
add_test(NAME cli_npu_check_machines COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cli/npu_check.sh --machines files)
set_tests_properties(cli_npu_check_machines PROPERTIES ENVIRONMENT "${SPADC_TEST_ENV}" TIMEOUT ${SPADC_T900})

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

# Tiers, as CTest labels:
#   quick  `make check`, about a minute: before every commit
#   full   `make test` (the README's test command and CI): quick and the
#          tests that run whole corpora or the npu simulator at full size
#   long   `make test-long`, not in CI: what is slow because it is thorough
#          (valgrind over the corpus, the wheel built by pip in a fresh
#          venv, the npu corpus on all three machine files); each stays
#          runnable and passing
#   clang  `make fuzz-check`, CI's clang stage: the unit tests (test_*), the
#          fuzz corpora's replays and the CLI's tests of bad input, under
#          clang's ASan+UBSan with -Werror; the stage before it ran every
#          quick and full test under gcc's ASan+UBSan (make SANITIZE=1
#          test), so the clang stage adds clang's build and diagnostics on
#          the library's own entry points and the hostile inputs, not a
#          third run of the corpora (which took 17 of CI's ~60 minutes on a
#          2-core AVX2 host)
set(SPADC_CLANG_TESTS cli_errors cli_alloc_errors cli_output_errors cli_robustness cli_regress cli_special_values
    cli_zero_dims bench_peers_ext)
set(SPADC_FULL_TESTS cli_npu_check cli_cpu_check cli_checksums cli_npu_svg test_npu_timing)
set(SPADC_LONG_TESTS python_install cli_valgrind cli_npu_check_machines)
get_property(spadc_all_tests DIRECTORY PROPERTY TESTS)
foreach(t ${spadc_all_tests})
  if(t IN_LIST SPADC_LONG_TESTS)
    set_tests_properties(${t} PROPERTIES LABELS long)
  elseif(t IN_LIST SPADC_FULL_TESTS)
    set_tests_properties(${t} PROPERTIES LABELS full)
  elseif(t MATCHES "^test_|_replay$" OR t IN_LIST SPADC_CLANG_TESTS)
    set_tests_properties(${t} PROPERTIES LABELS "quick;full;clang")
  else()
    set_tests_properties(${t} PROPERTIES LABELS "quick;full")
  endif()
endforeach()
