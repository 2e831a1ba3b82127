package httpd

import "github.com/labstack/echo/v4"

type Server struct {
	e    *echo.Echo
	addr string
}

func New(addr string) *Server {
	return &Server{e: echo.New(), addr: addr}
}

func (s *Server) Run() error { return s.listen() }
