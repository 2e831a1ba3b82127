module example.com/gw

go 1.22
