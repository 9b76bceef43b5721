# SPDX-License-Identifier: MIT
# Debian packages with CPack's DEB generator (scripts/build-debs.sh; KC_DEB=ON,
# configured with CMAKE_INSTALL_PREFIX=/usr).  Four packages from the install
# components of CMakeLists.txt plus two made here:
#   libkcipher0            runtime: libkcipher.so.0
#   libkcipher-dev         headers, devel: headers, libkcipher.a, the .so link, kcipher.pc, CMake package
#   kcipher                cli, bench, man (kcipher.1 from --help by help2man), Unspecified (bench's report.py)
#   postgresql-15-kcipher  postgresql: extensions/postgres built by its PGXS Makefile, under pg_config's paths

# ---- man page: help2man over the CLI's --help and --version ----
find_program(KC_HELP2MAN help2man)
if(NOT KC_HELP2MAN)
  message(FATAL_ERROR "KC_DEB: help2man is needed for the man page (apt install help2man)")
endif()
set(_kc_man ${PROJECT_BINARY_DIR}/man/kcipher.1)
add_custom_command(OUTPUT ${_kc_man}.gz
  COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
  COMMAND ${KC_HELP2MAN} --no-info --section 1 --name "Korean and lightweight ciphers, FPE and tokenization"
          --output ${_kc_man} $<TARGET_FILE:kcipher_cli>
  COMMAND gzip -9nf ${_kc_man}
  DEPENDS kcipher_cli VERBATIM)
add_custom_target(kc_man ALL DEPENDS ${_kc_man}.gz)
install(FILES ${_kc_man}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT cli)

# ---- the PostgreSQL extension (its own Makefile, PGXS; linked with libkcipher.a) ----
set(KC_PG_CONFIG /usr/lib/postgresql/15/bin/pg_config CACHE FILEPATH "pg_config of the PostgreSQL the package is for")
foreach(_v pkglibdir sharedir version)
  execute_process(COMMAND ${KC_PG_CONFIG} --${_v} OUTPUT_VARIABLE _kc_pg_${_v}
                  OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _rc)
  if(_rc)
    message(FATAL_ERROR "KC_DEB: ${KC_PG_CONFIG} --${_v} failed (apt install postgresql-server-dev-15)")
  endif()
endforeach()
string(REGEX MATCH "[0-9]+" KC_PG_MAJOR "${_kc_pg_version}")
set(_kc_pg ${PROJECT_BINARY_DIR}/pg)
file(MAKE_DIRECTORY ${_kc_pg})
add_custom_command(OUTPUT ${_kc_pg}/kcipher.so
  COMMAND make -C ${_kc_pg} -f ${PROJECT_SOURCE_DIR}/extensions/postgres/Makefile
          PG_CONFIG=${KC_PG_CONFIG} with_llvm=no KCIPHER_BUILD=${PROJECT_BINARY_DIR}
  DEPENDS kcipher_static ${PROJECT_SOURCE_DIR}/extensions/postgres/kcipher_pg.c
          ${PROJECT_SOURCE_DIR}/extensions/common/kc_keyfile.c VERBATIM)
add_custom_target(kc_pg_extension ALL DEPENDS ${_kc_pg}/kcipher.so)
# pg_config's paths, relative to the prefix when under it (/usr: the package's prefix).
foreach(_d pkglibdir sharedir)
  file(RELATIVE_PATH _kc_pg_rel_${_d} ${CMAKE_INSTALL_PREFIX} ${_kc_pg_${_d}})
  if(_kc_pg_rel_${_d} MATCHES "^\\.\\.")
    set(_kc_pg_rel_${_d} ${_kc_pg_${_d}})
  endif()
endforeach()
install(PROGRAMS ${_kc_pg}/kcipher.so DESTINATION ${_kc_pg_rel_pkglibdir} COMPONENT postgresql)
install(FILES ${PROJECT_SOURCE_DIR}/extensions/postgres/kcipher.control
              ${PROJECT_SOURCE_DIR}/extensions/postgres/kcipher--1.0.sql
        DESTINATION ${_kc_pg_rel_sharedir}/extension COMPONENT postgresql)

# ---- CPack ----
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME kcipher)
set(CPACK_PACKAGE_VENDOR kcipher)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "kcipher maintainers <kcipher@invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Korean and lightweight ciphers, format-preserving encryption and tokenization")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)            # name_version_arch.deb
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)             # Depends: from dpkg-shlibdeps (libc6)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_COMPONENTS_ALL runtime headers devel cli bench Unspecified postgresql)
set(CPACK_COMPONENTS_GROUPING ONE_PER_GROUP)
set(CPACK_COMPONENT_RUNTIME_GROUP lib)
set(CPACK_COMPONENT_HEADERS_GROUP dev)
set(CPACK_COMPONENT_DEVEL_GROUP dev)
set(CPACK_COMPONENT_CLI_GROUP tools)
set(CPACK_COMPONENT_BENCH_GROUP tools)
set(CPACK_COMPONENT_UNSPECIFIED_GROUP tools)
set(CPACK_COMPONENT_POSTGRESQL_GROUP pg)
set(_kc_v "${PROJECT_VERSION}")
set(CPACK_DEBIAN_LIB_PACKAGE_NAME libkcipher${PROJECT_VERSION_MAJOR})
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)       # libkcipher0: its shlibs file (dpkg-shlibdeps of users)
set(CPACK_DEBIAN_LIB_DESCRIPTION "The shared library: ARIA, LEA, SEED, FEA, RC6, PIPO, AES; modes, AEAD, FF1/FF3-1, tokenization.")
set(CPACK_DEBIAN_DEV_PACKAGE_NAME libkcipher-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "libkcipher${PROJECT_VERSION_MAJOR} (= ${_kc_v})")
set(CPACK_DEBIAN_DEV_DESCRIPTION "Development files: headers, static library, pkg-config file (kcipher.pc) and CMake package (find_package(kcipher)).")
set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME kcipher)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_TOOLS_DESCRIPTION "The command-line tool kcipher: encrypt, MAC, format-preserving encryption and tokenization of CSV/JSONL columns, keyrings; kcipher-bench.")
set(CPACK_DEBIAN_PG_PACKAGE_NAME postgresql-${KC_PG_MAJOR}-kcipher)
set(CPACK_DEBIAN_PG_PACKAGE_SECTION database)
set(CPACK_DEBIAN_PG_PACKAGE_DEPENDS "postgresql-${KC_PG_MAJOR}")
set(CPACK_DEBIAN_PG_DESCRIPTION "The PostgreSQL ${KC_PG_MAJOR} extension (CREATE EXTENSION kcipher): tokenization and encryption in SQL (linked with the static library).")
include(CPack)
