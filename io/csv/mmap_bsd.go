//go:build darwin || freebsd

package csv

const mapPopulate = 0
