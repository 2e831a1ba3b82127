package main

import "strings"

// linkBase is where the markdown report links files: WIRELINT_LINK_BASE when
// set (the Action sets it to the pull request's head commit), else the
// commit a GitHub Actions run is checking out (GITHUB_SERVER_URL,
// GITHUB_REPOSITORY, GITHUB_SHA), else "" for links relative to the
// repository root.
func linkBase(getenv func(string) string) string {
	if b := getenv("WIRELINT_LINK_BASE"); b != "" {
		if !strings.HasSuffix(b, "/") {
			b += "/"
		}
		return b
	}
	server, repo, sha := getenv("GITHUB_SERVER_URL"), getenv("GITHUB_REPOSITORY"), getenv("GITHUB_SHA")
	if server == "" || repo == "" || sha == "" {
		return ""
	}
	return strings.TrimSuffix(server, "/") + "/" + repo + "/blob/" + sha + "/"
}
