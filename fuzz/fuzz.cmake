# libFuzzer builds (make fuzz): each fuzz/fuzz_<name>.c becomes build-fuzz/<name>.
foreach(src ${SPADC_FUZZERS})
  get_filename_component(name ${src} NAME_WE)
  add_executable(${name} ${src})
  target_link_libraries(${name} PRIVATE spadc_lib)
  target_link_options(${name} PRIVATE -fsanitize=fuzzer)
endforeach()
