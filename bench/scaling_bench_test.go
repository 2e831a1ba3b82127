package bench

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/wirelint/wirelint/runner"
)

// BenchmarkCheckScaling runs what `wirelint check` runs (parity with
// descriptions, refs and regex on every document) over 10 and over 120
// contract pairs, each a copy of the Twilio API (148 definitions) and its
// component schemas converted to JSON Schema, in folders of their own. It
// reports CPU per pair and the peak of live heap objects: the runner keeps
// only the groups in flight loaded, so both should hold steady as the pair
// count grows. Reproduce with:
//
//	go -C bench test . -run '^$' -bench CheckScaling -benchtime 1x
func BenchmarkCheckScaling(b *testing.B) {
	canonical, mirror := realParityPair(b, "perf/twilio/twilio_api_v2010.json")
	for _, n := range []int{10, 120} {
		b.Run(fmt.Sprintf("pairs=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			cfg := runner.Config{Dir: dir, Refs: &runner.Refs{}, Regex: &runner.Regex{}}
			for i := range n {
				sub := fmt.Sprintf("svc%03d", i)
				if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
					b.Fatal(err)
				}
				for from, to := range map[string]string{canonical: "canonical.json", mirror: "openapi.json"} {
					data, err := os.ReadFile(from)
					if err != nil {
						b.Fatal(err)
					}
					// each copy its own bytes (trailing blank lines), as each
					// service of a real repository is: the trees of identical
					// files are shared between groups, and would be here
					data = append(data, bytes.Repeat([]byte("\n"), i+1)...)
					if err := os.WriteFile(filepath.Join(dir, sub, to), data, 0o644); err != nil {
						b.Fatal(err)
					}
				}
				cfg.Parity = append(cfg.Parity, runner.Parity{Canonical: sub + "/canonical.json", Mirror: sub + "/openapi.json"})
			}
			// one untimed pair first, so one-time setup (tables built on first
			// use) is not charged to the first size
			warm := cfg
			warm.Parity = cfg.Parity[:1]
			if _, err := runner.Run(warm); err != nil {
				b.Fatal(err)
			}
			runtime.GC()
			var peak uint64
			stop := sampleHeap(&peak)
			cpu0, cpuOK := parityCPUTime()
			for b.Loop() {
				res, err := runner.Run(cfg)
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Findings) != 0 {
					b.Fatalf("%d findings on clean pairs, first %v", len(res.Findings), res.Findings[0])
				}
			}
			cpu1, _ := parityCPUTime()
			stop()
			if cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Milliseconds())/float64(b.N*n), "cpu-ms/pair")
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		})
	}
}

// sampleHeap records the peak of live heap object bytes into *peak every
// 2 ms until the returned stop is called.
func sampleHeap(peak *uint64) (stop func()) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(sample)
			*peak = max(*peak, sample[0].Value.Uint64())
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}
