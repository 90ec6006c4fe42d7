package layers

import (
	"os/exec"
	"strings"
	"testing"
)

const (
	module      = "github.com/structframe/structframe/"
	tablewriter = "github.com/olekukonko/tablewriter"
	pqarrow     = "github.com/apache/arrow-go/v18/parquet/pqarrow"
	compute     = "github.com/apache/arrow-go/v18/arrow/compute"
	gota        = "github.com/go-gota/gota"
	gonum       = "gonum.org/v1/gonum"
	gocloud     = "gocloud.dev"
	awsSDK      = "github.com/aws/aws-sdk-go-v2"
	netHTTP     = "net/http"
	flight      = "github.com/apache/arrow-go/v18/arrow/flight"
	adbc        = "github.com/apache/arrow-adbc"
	grpc        = "google.golang.org/grpc"
)

// linked reports whether deps (the output of go list -deps) holds the
// package path or a package under it: gota and gonum are checked as
// whole modules, whichever of their packages comes in.
func linked(deps []string, path string) bool {
	for _, d := range deps {
		if d == path || strings.HasPrefix(d, path+"/") {
			return true
		}
	}
	return false
}

// TestLinkedDependencies: pqarrow and arrow/compute (minutes of cold
// build, tens of MB of binary, about 1 ms of init) are linked only
// through io/parquet; tablewriter (a width cache of about 660 KB filled
// at start-up) only through display/markdown; gota and the gonum
// packages it imports (18 of them) only through io/gota; gocloud.dev and
// the clouds' SDKs only through io/remote, and the local readers not even
// net/http (internal/store is their seam to URLs); gRPC and Arrow Flight
// not through the local text and Arrow readers (pqarrow links them),
// ADBC only through io/adbc, and neither through what those two share
// (internal/sqlbind, internal/sqlresult). A program that
// reads an Arrow file into a frame and prints it links none of them.
func TestLinkedDependencies(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH:", err)
	}
	heavy := []string{tablewriter, pqarrow, compute, gota, gonum, gocloud, awsSDK, flight, adbc, grpc}
	tests := []struct {
		pkg     string
		without []string // never linked
		with    []string // linked (so the listing is not vacuous)
	}{
		{"internal/dtype", heavy, nil},
		{"structured", heavy, nil},
		{"index", heavy, nil},
		{"display", heavy, nil},
		{"frame", heavy, nil},
		{"lazy", heavy, nil},
		{"internal/store", append(heavy, netHTTP), nil},
		{"io/csv", append(heavy, netHTTP), nil},
		{"io/json", append(heavy, netHTTP), nil},
		{"io/ipc", append(heavy, netHTTP), nil},
		{"display/markdown", []string{pqarrow, compute, gota, gonum}, []string{tablewriter}},
		{"io/parquet", []string{tablewriter, gota, gonum, gocloud, awsSDK, adbc}, []string{pqarrow}}, // pqarrow links flight
		{"io/formats", []string{tablewriter, gota, gonum, gocloud, awsSDK, adbc}, []string{pqarrow}}, // pqarrow links flight
		{"io/dataset", []string{tablewriter, gota, gonum, gocloud, awsSDK, adbc}, []string{pqarrow}}, // pqarrow links flight
		{"io/remote", []string{tablewriter, gota, gonum, pqarrow, flight, adbc}, []string{gocloud, awsSDK}},
		{"io/flightsql", []string{tablewriter, gota, gonum, pqarrow, compute, gocloud, adbc}, []string{flight, grpc}},
		{"io/adbc", []string{tablewriter, gota, gonum, pqarrow, gocloud, flight, grpc}, []string{adbc}},
		{"internal/sqlbind", heavy, nil},
		{"internal/sqlresult", heavy, nil},
		{"io/gota", []string{tablewriter, pqarrow, compute}, []string{gota}},
		{"cmd/structframe", nil, []string{tablewriter, pqarrow}},
	}
	for _, tt := range tests {
		t.Run(tt.pkg, func(t *testing.T) {
			out, err := exec.Command(goTool, "list", "-deps", module+tt.pkg).Output()
			if err != nil {
				t.Fatalf("go list -deps %s: %v", tt.pkg, err)
			}
			deps := strings.Fields(string(out))
			for _, d := range tt.without {
				if linked(deps, d) {
					t.Errorf("%s links %s", tt.pkg, d)
				}
			}
			for _, d := range tt.with {
				if !linked(deps, d) {
					t.Errorf("%s does not link %s", tt.pkg, d)
				}
			}
		})
	}
}
