# coding: koi8-r
x = "Привет"
