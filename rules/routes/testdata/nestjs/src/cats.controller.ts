import { Controller, Get, Post, Param, Body } from '@nestjs/common';

const BASE = 'cats';

@Controller(BASE)
export class CatsController {
  constructor(private readonly svc: CatsService) {}

  @Get()
  findAll(): string[] { return this.svc.all(); }

  @Get(':id')
  async findOne(@Param('id') id: string) { return this.svc.get(id); }

  @Post()
  create(@Body() dto: CreateCatDto) { return this.svc.create(dto); }
}
