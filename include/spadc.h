/* spadc.h - public API of libspadc (grows with each stage). */
#ifndef SPADC_H
#define SPADC_H
#endif
