package hugepage

import (
	"os"
	"path/filepath"
	"sync"
)

// balloonReporting is bit 5 of a virtio balloon's feature bits,
// VIRTIO_BALLOON_F_REPORTING: the guest hands its free memory back to the
// host in 2 MiB blocks.
const balloonReporting = 5

// Wanted reports whether the package asks for huge pages: yes, unless
// STRUCTFRAME_HUGEPAGES says otherwise ("off" or "0", "on" or "1") or the
// machine is a virtual machine whose balloon reports free memory to its
// host (see the package doc).
var Wanted = sync.OnceValue(func() bool {
	switch os.Getenv("STRUCTFRAME_HUGEPAGES") {
	case "off", "0":
		return false
	case "on", "1":
		return true
	}
	return !reportsFreePages("/sys/bus/virtio/drivers/virtio_balloon")
})

// reportsFreePages reports whether a device bound to the virtio balloon
// driver at dir offers free page reporting: its features file is a string
// of '0' and '1', one per feature bit from bit 0.
func reportsFreePages(dir string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*", "features"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err == nil && len(b) > balloonReporting && b[balloonReporting] == '1' {
			return true
		}
	}
	return false
}
