import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CatsService } from './cats.service';
import { CreateCatDto, UpdateCatDto } from './dto';

const CATS = 'cats';

/**
 * @Get('/commented') is documentation, not a route.
 */
@Controller(CATS)
export class CatsController {
  constructor(private readonly cats: CatsService) {}

  @Get()
  findAll(@Query('limit') limit?: number): Promise<Cat[]> {
    return this.cats.findAll(limit);
  }

  @Get(':id')
  findOne(@Param('id') id: string) {
    return this.cats.findOne(id);
  }

  @Post()
  @HttpCode(201)
  create(@Body() dto: CreateCatDto) {
    return this.cats.create(dto);
  }

  @Put(':id')
  update(@Param('id') id: string, @Body() dto: UpdateCatDto) {
    return this.cats.update(id, dto);
  }

  @Delete(':id')
  remove(@Param('id') id: string) {
    return this.cats.remove(id);
  }
}
