package fault

import (
	"errors"
	"testing"
)

func TestRunPassesErrorsAndPanics(t *testing.T) {
	want := errors.New("fn's own")
	if err := Run(func() error { return want }); err != want {
		t.Fatalf("Run returned %v, want fn's error", err)
	}
	defer func() {
		if p := recover(); p != "boom" {
			t.Fatalf("recovered %v, want the panic to go on", p)
		}
	}()
	_ = Run(func() error { panic("boom") })
	t.Fatal("Run returned after a panic that is no fault")
}

func TestGroupFirstErrorAndPanic(t *testing.T) {
	var g Group
	want := errors.New("second")
	g.Go(func() error { return nil })
	g.Go(func() error { return want })
	if err := g.Wait(); err != want {
		t.Fatalf("Wait = %v, want %v", err, want)
	}

	var h Group
	h.Go(func() error { panic(errors.New("worker")) })
	defer func() {
		wp, ok := recover().(*WorkerPanic)
		if !ok || wp.Unwrap() == nil || wp.Unwrap().Error() != "worker" || len(wp.Stack) == 0 {
			t.Fatalf("Wait raised %v, want the worker's panic with its stack", wp)
		}
	}()
	_ = h.Wait()
	t.Fatal("Wait returned after a worker panicked")
}
