package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/structframe/structframe/internal/golden"
)

const recipesFile = "../../testdata/recipes.json"

// TestRun runs the tour on the bundled recipes and compares its output with
// testdata/output.golden (go test -update rewrites it).
func TestRun(t *testing.T) {
	var buf bytes.Buffer
	if err := run(&buf, recipesFile); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/output.golden", buf.Bytes())
}

// TestCommittedNotebook checks the outputs saved in tour.ipynb against the
// tour as it runs now, so a change of the library's output that leaves
// the notebook's saved outputs behind fails here, where Jupyter is absent
// too. -update saves them again (withOutputs); so does run.sh -update,
// from an execution.
func TestCommittedNotebook(t *testing.T) {
	nb, err := os.ReadFile("tour.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	recipes, err := readRecipes(recipesFile)
	if err != nil {
		t.Fatal(err)
	}
	out, err := runTour(recipes)
	if err != nil {
		t.Fatal(err)
	}
	if golden.Updating() {
		if nb, err = withOutputs(nb, out); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("tour.ipynb", nb, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := checkNotebook(nb, out); err != nil {
		t.Errorf("tour.ipynb's saved outputs are not the tour's (go test -update, or bash examples/notebook/run.sh -update, saves them again):\n%v", err)
	}
}

// TestNotebook executes tour.ipynb on the GoNB kernel with run.sh, which
// installs what is missing and checks the outputs. It runs where
// jupyter-nbconvert and run.sh's GoNB are installed, and in CI.
func TestNotebook(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the notebook is not executed")
	}
	_, errNB := exec.LookPath("jupyter-nbconvert")
	gonb := filepath.Join(toolsDir(), "bin", "gonb")
	_, errGoNB := os.Stat(gonb)
	_, errApt := exec.LookPath("apt-get")
	canInstallNB := errNB == nil || (os.Geteuid() == 0 && errApt == nil)
	switch {
	case errNB == nil && errGoNB == nil:
	case os.Getenv("CI") != "" && canInstallNB:
		// run.sh installs what is missing.
	case os.Getenv("CI") != "":
		t.Skip("CI: jupyter-nbconvert is not installed, and apt-get cannot install it here (not root)")
	default:
		t.Skipf("jupyter-nbconvert or GoNB (%s) is not installed: bash examples/notebook/run.sh installs them and executes the notebook", gonb)
	}
	cmd := exec.Command("bash", "run.sh")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("run.sh: %v\n%s", err, out)
	}
	if !bytes.Contains(out, []byte("every cell ran")) {
		t.Fatalf("run.sh did not check the notebook:\n%s", out)
	}
}

// toolsDir is where run.sh installs GoNB and its kernel.
func toolsDir() string {
	if d := os.Getenv("NOTEBOOK_TOOLS"); d != "" {
		return d
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(cache, "structframe-notebook")
}
