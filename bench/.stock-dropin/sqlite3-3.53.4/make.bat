@echo off
nmake /f Makefile.msc %*
