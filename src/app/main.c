#include "config.h"

#include <stdio.h>

int
main(void)
{
	printf("%s\n", PACKAGE_STRING);
	return 0;
}
