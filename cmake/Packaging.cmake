# The device's Debian package: `cpack -G DEB` in a build tree makes seneschal_<version>_<arch>.deb.
# The binaries have their asset folder and the unit its ExecStart compiled in from the install
# prefix, so the package keeps the build's prefix (/usr unless configured otherwise).

# Another engineer's example config; the example is installed beside the real file, which the
# admin writes, so upgrades never touch a device's settings.
set(SENESCHAL_CONFIG_EXAMPLE ${CMAKE_CURRENT_SOURCE_DIR}/assets/config/seneschal.toml)
set(SENESCHAL_CONFIG_DIR ${CMAKE_INSTALL_FULL_SYSCONFDIR}/seneschal)
set(SENESCHAL_CONFFILES "")
if(EXISTS ${SENESCHAL_CONFIG_EXAMPLE})
  install(FILES ${SENESCHAL_CONFIG_EXAMPLE} DESTINATION ${SENESCHAL_CONFIG_DIR} RENAME seneschal.toml.example)
  set(SENESCHAL_CONFFILES "${SENESCHAL_CONFIG_DIR}/seneschal.toml.example\n")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${SENESCHAL_CONFIG_EXAMPLE})
elseif(IS_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/assets/config)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/assets/config)
else()
  # Creating assets/config touches assets/, so the example is picked up as soon as it exists.
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/assets)
endif()

set(SENESCHAL_DEB_CONTROL_EXTRA
  ${CMAKE_CURRENT_SOURCE_DIR}/packaging/debian/postinst
  ${CMAKE_CURRENT_SOURCE_DIR}/packaging/debian/prerm
  ${CMAKE_CURRENT_SOURCE_DIR}/packaging/debian/postrm)
if(SENESCHAL_CONFFILES)
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/packaging/conffiles "${SENESCHAL_CONFFILES}")
  list(APPEND SENESCHAL_DEB_CONTROL_EXTRA ${CMAKE_CURRENT_BINARY_DIR}/packaging/conffiles)
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME seneschal)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "Seneschal maintainers <seneschal@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "card table companion: reads card tags with a camera and keeps the books")
set(CPACK_PACKAGE_DESCRIPTION "A camera reads the printed QR tags on the cards, a rules engine keeps the books of the game and a screen shows prompts, counts and timers; a few GPIO buttons answer its questions.")
# /etc lies outside the prefix; only a DESTDIR install puts it in the package.
set(CPACK_SET_DESTDIR ON)
set(CPACK_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_PACKAGING_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
# The device has no use for debug info; it triples the package.
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# adduser for postinst; xvfb draws when there is no display (the unit's default).
# procps: pkill, with which the kiosk unit passes a reload on to the daemon under cage.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "adduser, systemd, procps")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "xvfb")
# nodejs and npm: `seneschal bench vision` runs upstream ZXing-cpp (npm's zxing-wasm) beside ours.
# valgrind: `seneschal bench pi` counts the frame path's instructions under callgrind.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "cage, xwayland, gstreamer1.0-libcamera, nodejs, npm, valgrind")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${SENESCHAL_DEB_CONTROL_EXTRA})
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
include(CPack)
