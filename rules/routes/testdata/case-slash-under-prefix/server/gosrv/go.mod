module example.com/gosrv

go 1.22
