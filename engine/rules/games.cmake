# Every game the device plays, one line each: the name of its folder under engine/rules/, which
# holds its sources, README and card notes, and defines seneschal::engine::<id>::make_module.
set(SENESCHAL_GAMES
  r9e
  cutthroat
  nine
  ostenard
)
