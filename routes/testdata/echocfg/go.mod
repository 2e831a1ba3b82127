module example.com/echocfg

go 1.22
