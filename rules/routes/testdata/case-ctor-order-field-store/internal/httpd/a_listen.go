package httpd

import (
	"time"

	"github.com/labstack/echo/v4"
)

func (s *Server) listen() error {
	s.mount()
	s.e.Server.ReadTimeout = 10 * time.Second
	return s.e.Start(s.addr)
}

func (s *Server) mount() {
	s.e.GET("/health", func(c echo.Context) error { return nil })
	s.e.GET("/docs/*", func(c echo.Context) error { return nil })
}
