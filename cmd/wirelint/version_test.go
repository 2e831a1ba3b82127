package main

import (
	"os"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/config"
)

func TestBuildVersion(t *testing.T) {
	for _, tc := range []struct {
		bi   debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{Main: debug.Module{Version: "v0.2.0"}}, "v0.2.0"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, releaseVersion + "-devel"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"}}}, releaseVersion + "-devel (0123456789ab, modified)"},
		{debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}}, releaseVersion + "-devel (abc)"},
	} {
		if got := buildVersion(&tc.bi); got != tc.want {
			t.Errorf("buildVersion(%+v) = %q, want %q", tc.bi, got, tc.want)
		}
	}
}

// TestChangelogNamesTheVersion pins that the CHANGELOG's top entry is the
// version in the source, so a release's notes and its binary agree.
func TestChangelogNamesTheVersion(t *testing.T) {
	data, err := os.ReadFile("../../CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "## ") {
			if !strings.HasPrefix(line, "## "+releaseVersion+" ") && line != "## "+releaseVersion {
				t.Errorf("the CHANGELOG's top entry is %q; want ## %s, the version in the source", line, releaseVersion)
			}
			return
		}
	}
	t.Error("the CHANGELOG has no entry")
}

// TestSchemaURLNamesTheVersion pins that the configuration schema editors
// are pointed at is the one of this source's release tag.
func TestSchemaURLNamesTheVersion(t *testing.T) {
	if !strings.Contains(config.SchemaURL, "/v"+releaseVersion+"/") {
		t.Errorf("SchemaURL %s does not name the tag v%s", config.SchemaURL, releaseVersion)
	}
}
