package csv

import "syscall"

const mapPopulate = syscall.MAP_POPULATE
