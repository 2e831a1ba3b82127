import { Controller, Get, Param, Post, Version } from '@nestjs/common';

@Controller({ path: 'users', version: ['1', '2'] })
export class UsersController {
  @Get()
  findAll() {
    return [];
  }

  @Version('2')
  @Get(':userId/orders')
  orders(@Param('userId') userId: string) {
    return [];
  }

  @Post(':userId/avatar')
  @Version('3')
  avatar(@Param('userId') userId: string) {
    return {};
  }
}
