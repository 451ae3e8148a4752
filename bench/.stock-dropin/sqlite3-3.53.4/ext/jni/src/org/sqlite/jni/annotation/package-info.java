/*
** 2023-09-27
**
** The author disclaims copyright to this source code.  In place of
** a legal notice, here is a blessing:
**
**    May you do good and not evil.
**    May you find forgiveness for yourself and forgive others.
**    May you share freely, never taking more than you give.
**
*************************************************************************
*/
/**
   This package houses annotations specific to the JNI bindings of the
   SQLite3 C API.
*/
package org.sqlite.jni.annotation;
