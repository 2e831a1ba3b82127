package main

import (
	"os"
	"path"

	"github.com/labstack/echo/v4"
)

type config struct {
	Server serverConfig `koanf:"server"`
	Admin  adminConfig  `toml:"admin"`
	Legacy legacyConfig `json:"legacy"`
}

type serverConfig struct {
	Prefix  string `koanf:"prefix"`
	Version string `koanf:"version" default:"v3"`
	Docs    string `koanf:"docs"`
}

type adminConfig struct {
	Base string `toml:"base"`
}

type legacyConfig struct {
	Base  string `json:"base,omitempty"`
	Other string `json:"-"`
}

type server struct {
	cfg config
	e   *echo.Echo
}

func main() {
	s := &server{e: echo.New()}
	s.cfg.Server.Docs = os.Getenv("DOCS_PATH")
	s.routes()
	s.e.Start(":8080")
}

func (s *server) routes() {
	api := s.e.Group(s.cfg.Server.Prefix + "/" + s.cfg.Server.Version)
	api.GET("/users", nil)
	s.e.GET(path.Join(s.cfg.Admin.Base, "stats"), nil)
	s.e.GET(s.cfg.Legacy.Base+"/ping", nil)
	s.e.GET(s.cfg.Legacy.Other+"/pong", nil)
	s.e.GET("/plain", nil)
	s.e.GET(s.cfg.Server.Docs, nil)
}
